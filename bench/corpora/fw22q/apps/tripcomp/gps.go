package tripcomp

import (
	"context"
	"io"
	"time"

	"example.com/corpus/trial-fw22q/internal/geo"
)

// FixSource yields GPS fixes; Next returns io.EOF when the receiver is gone.
type FixSource interface {
	Next(ctx context.Context) (geo.Fix, error)
}

// Replay plays back a recorded ride, for demo mode and the shop display.
type Replay struct {
	Fixes []geo.Fix
	Every time.Duration
	i     int
}

// Next implements FixSource.
func (r *Replay) Next(ctx context.Context) (geo.Fix, error) {
	if r.i >= len(r.Fixes) {
		return geo.Fix{}, io.EOF
	}
	if r.i > 0 && r.Every > 0 {
		time.Sleep(r.Every)
	}
	if err := ctx.Err(); err != nil {
		return geo.Fix{}, err
	}
	f := r.Fixes[r.i]
	r.i++
	return f, nil
}

// StraightRide fabricates n fixes heading east at speed m/s, one per second.
func StraightRide(start geo.Fix, n int, speed float64) []geo.Fix {
	out := make([]geo.Fix, n)
	for i := range out {
		f := geo.Offset(start, 0, speed*float64(i))
		f.At = start.At.Add(time.Duration(i) * time.Second)
		f.Ele = start.Ele + float64(i)*0.5
		f.HDOP = 0.9
		out[i] = f
	}
	return out
}

func signalBars(hdop float64) int32 {
	switch {
	case hdop <= 0:
		return 0
	case hdop < 1:
		return 4
	case hdop < 2:
		return 3
	case hdop < 5:
		return 2
	}
	return 1
}
