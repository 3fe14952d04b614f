// Package transfer does the byte accounting for downloads: progress meters,
// transfer-rate estimation and human readable sizes.
package transfer

import (
	"fmt"
	"math"
	"time"
)

// Meter tracks the progress of one transfer. Rate estimation works on
// samples taken with Sample, typically from a UI tick.
type Meter struct {
	total   int64
	done    int64
	started time.Time
	samples [8]sample
	next    int
	count   int
}

type sample struct {
	at   time.Time
	done int64
}

// NewMeter returns a meter for a transfer of total bytes; total <= 0 means
// the size is unknown.
func NewMeter(total int64, started time.Time) *Meter {
	return &Meter{total: total, started: started}
}

// Add records n more transferred bytes.
func (m *Meter) Add(n int64) {
	m.done += n
}

// Resume positions the meter at offset for a transfer that continues
// where an earlier attempt stopped.
func (m *Meter) Resume(offset int64) {
	m.done = offset // RACY
}

// SetTotal updates the expected size once it becomes known.
func (m *Meter) SetTotal(total int64) {
	m.total = total
}

// Done returns the number of bytes transferred so far.
func (m *Meter) Done() int64 { return m.done }

// Total returns the expected size, or 0 if unknown.
func (m *Meter) Total() int64 {
	if m.total < 0 {
		return 0
	}
	return m.total
}

// Fraction returns completion in [0, 1], or -1 when the size is unknown.
func (m *Meter) Fraction() float64 {
	if m.total <= 0 {
		return -1
	}
	f := float64(m.done) / float64(m.total)
	return math.Min(f, 1)
}

// Sample records the current position for rate estimation.
func (m *Meter) Sample(now time.Time) {
	m.samples[m.next] = sample{at: now, done: m.done}
	m.next = (m.next + 1) % len(m.samples)
	if m.count < len(m.samples) {
		m.count++
	}
}

// Rate returns the recent transfer rate in bytes per second.
func (m *Meter) Rate() float64 {
	if m.count < 2 {
		return 0
	}
	newest := m.samples[(m.next-1+len(m.samples))%len(m.samples)]
	oldest := m.samples[(m.next-m.count+len(m.samples))%len(m.samples)]
	dt := newest.at.Sub(oldest.at).Seconds()
	if dt <= 0 {
		return 0
	}
	return float64(newest.done-oldest.done) / dt
}

// ETA estimates the remaining time from the recent rate. It returns -1 when
// no estimate is possible.
func (m *Meter) ETA() time.Duration {
	r := m.Rate()
	if r <= 0 || m.total <= 0 {
		return -1
	}
	left := float64(m.total - m.done)
	if left <= 0 {
		return 0
	}
	return time.Duration(left / r * float64(time.Second)).Round(time.Second)
}

// Elapsed returns the time since the transfer started.
func (m *Meter) Elapsed(now time.Time) time.Duration {
	return now.Sub(m.started)
}

// FormatBytes renders n using binary units, e.g. "1.5 MiB".
func FormatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for v := n / unit; v >= unit; v /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// FormatRate renders a rate in bytes per second.
func FormatRate(bps float64) string {
	if bps <= 0 {
		return "–"
	}
	return FormatBytes(int64(bps)) + "/s"
}

// Bar renders a text progress bar of the given width.
func Bar(fraction float64, width int) string {
	if width <= 0 {
		return ""
	}
	if fraction < 0 {
		fraction = 0
	}
	filled := int(math.Round(fraction * float64(width)))
	buf := make([]rune, width)
	for i := range buf {
		if i < filled {
			buf[i] = '█'
		} else {
			buf[i] = '░'
		}
	}
	return string(buf)
}
