// Package solarlog aggregates the measurement logs written by solar panel
// inverters into daily energy reports and fault lists.
package solarlog

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// ErrBadLine is returned for log lines that cannot be parsed.
var ErrBadLine = errors.New("solarlog: bad line")

// Reading is one inverter sample for one panel.
type Reading struct {
	At    time.Time
	Panel string
	Volts float64
	Amps  float64
	TempC float64
}

// Watts returns the instantaneous DC power.
func (r Reading) Watts() float64 { return r.Volts * r.Amps }

// ParseLine parses "timestamp,panel,volts,amps,tempC".
func ParseLine(line string) (Reading, error) {
	f := strings.Split(strings.TrimSpace(line), ",")
	if len(f) != 5 {
		return Reading{}, fmt.Errorf("%w: %d fields", ErrBadLine, len(f))
	}
	at, err := time.Parse(time.RFC3339, f[0])
	if err != nil {
		return Reading{}, fmt.Errorf("%w: %v", ErrBadLine, err)
	}
	vals := make([]float64, 3)
	for i, s := range f[2:] {
		if vals[i], err = strconv.ParseFloat(s, 64); err != nil {
			return Reading{}, fmt.Errorf("%w: field %d: %v", ErrBadLine, i+3, err)
		}
	}
	if f[1] == "" {
		return Reading{}, fmt.Errorf("%w: empty panel id", ErrBadLine)
	}
	return Reading{At: at.UTC(), Panel: f[1], Volts: vals[0], Amps: vals[1], TempC: vals[2]}, nil
}

// ParseLog parses every line of r. Blank lines and lines starting with '#'
// are ignored. Bad lines are skipped and counted.
func ParseLog(r io.Reader) (readings []Reading, bad int, err error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rd, err := ParseLine(line)
		if err != nil {
			bad++
			continue
		}
		readings = append(readings, rd)
	}
	return readings, bad, sc.Err()
}

// LogFile is one inverter log.
type LogFile struct {
	Name string
	Data string
}

// countLines returns the number of measurement lines in the file.
func (f LogFile) countLines() int {
	n := 0
	for line := range strings.Lines(f.Data) {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			n++
		}
	}
	return n
}
