// Package scanner reads item barcodes from the library's serial barcode
// readers: the wand at the front desk and the reader in the returns chute.
package scanner

import (
	"bufio"
	"context"
	"io"
	"strings"
	"sync/atomic"
	"time"
)

// Scan is one barcode read.
type Scan struct {
	Barcode string
	Station string
	At      time.Time
}

// Sink receives scans.
type Sink interface {
	Add(Scan)
}

// SinkFunc adapts a function to a Sink.
type SinkFunc func(Scan)

// Add implements Sink.
func (f SinkFunc) Add(s Scan) { f(s) }

// Reader turns a serial stream of lines into scans.
type Reader struct {
	src      io.Reader
	station  string
	sink     Sink
	clock    func() time.Time
	rejected atomic.Int64
}

// NewReader reads lines from src and delivers valid item barcodes to sink.
func NewReader(src io.Reader, station string, sink Sink) *Reader {
	return &Reader{src: src, station: station, sink: sink, clock: time.Now}
}

// Rejected counts lines that were not valid item barcodes.
func (r *Reader) Rejected() int64 { return r.rejected.Load() }

// Run reads until the stream ends or ctx is cancelled.
func (r *Reader) Run(ctx context.Context) error {
	lines := bufio.NewScanner(r.src)
	for lines.Scan() {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		code := normalise(lines.Text())
		if code == "" {
			continue
		}
		if !ValidItemBarcode(code) {
			r.rejected.Add(1)
			continue
		}
		r.sink.Add(Scan{Barcode: code, Station: r.station, At: r.clock()})
	}
	return lines.Err()
}

// normalise strips the Codabar start/stop characters and whitespace some
// readers send.
func normalise(line string) string {
	s := strings.TrimSpace(line)
	s = strings.Trim(s, "ABCDabcd")
	return s
}

// ValidItemBarcode checks a 14-digit library item barcode: it starts with
// 3 and ends in a Luhn check digit.
func ValidItemBarcode(s string) bool {
	if len(s) != 14 || s[0] != '3' {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return luhnDigit(s[:13]) == s[13]
}

// WithCheckDigit appends the Luhn check digit to a 13-digit stem.
func WithCheckDigit(stem string) string {
	return stem + string(luhnDigit(stem))
}

func luhnDigit(stem string) byte {
	sum := 0
	double := true
	for i := len(stem) - 1; i >= 0; i-- {
		d := int(stem[i] - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return byte('0' + (10-sum%10)%10)
}

// Log keeps every scan delivered to it, oldest first.
type Log struct {
	items []Scan
}

// Add implements Sink.
func (l *Log) Add(s Scan) {
	l.items = append(l.items, s) // RACY
}

// Len is the number of scans logged.
func (l *Log) Len() int { return len(l.items) }

// Since returns the scans logged after the first n.
func (l *Log) Since(n int) []Scan {
	items := l.items
	if n >= len(items) {
		return nil
	}
	return append([]Scan(nil), items[n:]...)
}

// Recent returns up to n of the latest scans, newest first.
func (l *Log) Recent(n int) []Scan {
	items := l.items
	out := make([]Scan, 0, n)
	for i := len(items) - 1; i >= 0 && len(out) < n; i-- {
		out = append(out, items[i])
	}
	return out
}
