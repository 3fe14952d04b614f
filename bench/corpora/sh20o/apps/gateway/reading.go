// Package gateway collects readings from field sensors, keeps a short
// rolling window per sensor, raises threshold alerts and forwards readings
// upstream in batches.
package gateway

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Reading is one measurement.
type Reading struct {
	Sensor string    `json:"sensor"`
	Value  float64   `json:"value"`
	At     time.Time `json:"at"`
}

// ErrMalformed marks lines that could not be decoded.
var ErrMalformed = errors.New("gateway: malformed reading")

// parseLine decodes "sensor,value[,unix_millis]".
func parseLine(line string, now time.Time) (Reading, error) {
	fields := strings.Split(line, ",")
	if len(fields) < 2 || len(fields) > 3 {
		return Reading{}, fmt.Errorf("%w: %q", ErrMalformed, line)
	}
	id := strings.TrimSpace(fields[0])
	if id == "" {
		return Reading{}, fmt.Errorf("%w: empty sensor id", ErrMalformed)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(fields[1]), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return Reading{}, fmt.Errorf("%w: bad value in %q", ErrMalformed, line)
	}
	at := now
	if len(fields) == 3 {
		ms, err := strconv.ParseInt(strings.TrimSpace(fields[2]), 10, 64)
		if err != nil {
			return Reading{}, fmt.Errorf("%w: bad timestamp in %q", ErrMalformed, line)
		}
		at = time.UnixMilli(ms)
	}
	return Reading{Sensor: id, Value: v, At: at}, nil
}

// splitLines returns the non-empty lines of a payload.
func splitLines(payload []byte) []string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(payload))
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	return lines
}

// Calibration maps raw values to engineering units.
type Calibration struct {
	Offset float64 `json:"offset"`
	Scale  float64 `json:"scale"`
}

// Identity is the calibration that leaves values unchanged.
var Identity = Calibration{Offset: 0, Scale: 1}

func (c Calibration) apply(raw float64) float64 {
	scale := c.Scale
	if scale == 0 {
		scale = 1
	}
	return raw*scale + c.Offset
}

// lerp moves from c towards target by fraction f in [0, 1].
func (c Calibration) lerp(target Calibration, f float64) Calibration {
	return Calibration{
		Offset: c.Offset + (target.Offset-c.Offset)*f,
		Scale:  c.Scale + (target.Scale-c.Scale)*f,
	}
}

// Threshold is the acceptable band for a sensor kind.
type Threshold struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

func (t Threshold) contains(v float64) bool {
	return v >= t.Min && v <= t.Max
}
