package tripcomp

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"example.com/corpus/trial-fw22q/internal/sensor"
)

func TestGPSFixesReachTheLoop(t *testing.T) {
	w := &fakeWindow{frames: 40, interval: 2 * time.Millisecond}
	c := New(w, WithAutoPause(0))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.AttachGPS(ctx, &Replay{Fixes: StraightRide(berlin, 10, 6), Every: time.Millisecond})

	w.script = map[int]func(){
		30: func() { c.Press(ButtonLap) },
	}
	runLoop(t, c)
	c.WaitGPS()

	if c.trip.distance < 53 || c.trip.distance > 55 {
		t.Errorf("distance = %.2f", c.trip.distance)
	}
	if len(c.trip.laps) != 1 || !strings.HasPrefix(c.banner, "LAP 1") {
		t.Errorf("laps = %+v, banner = %q", c.trip.laps, c.banner)
	}
	if c.signal.Load() != 0 {
		t.Errorf("signal after receiver EOF = %d", c.signal.Load())
	}
}

func TestShareRideSummary(t *testing.T) {
	var mu sync.Mutex
	var shared []Summary
	w := &fakeWindow{frames: 30, interval: 2 * time.Millisecond}
	c := New(w, WithAutoPause(0), WithShare(func(s Summary) error {
		mu.Lock()
		defer mu.Unlock()
		shared = append(shared, s)
		return nil
	}))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.AttachGPS(ctx, &Replay{Fixes: StraightRide(berlin, 25, 5), Every: 2 * time.Millisecond})
	w.script = map[int]func(){
		5: func() { c.Press(ButtonShare) },
	}
	runLoop(t, c)
	c.Wait()
	cancel()
	c.WaitGPS()

	mu.Lock()
	defer mu.Unlock()
	if len(shared) != 1 || shared[0].Points == 0 || shared[0].Distance <= 0 {
		t.Fatalf("shared = %+v", shared)
	}
	if c.banner != "RIDE SHARED" {
		t.Errorf("banner = %q", c.banner)
	}
}

func TestFuelReminder(t *testing.T) {
	w := &fakeWindow{frames: 25, interval: 2 * time.Millisecond}
	c := New(w, WithAutoPause(0), WithFuelReminder(10*time.Millisecond))
	runLoop(t, c)
	if c.banner != "EAT & DRINK" {
		t.Errorf("banner = %q", c.banner)
	}
}

func TestAutoPauseWhenStopped(t *testing.T) {
	w := &fakeWindow{frames: 40, interval: 2 * time.Millisecond}
	c := New(w, WithAutoPause(15*time.Millisecond))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.AttachGPS(ctx, &Replay{Fixes: StraightRide(berlin, 5, 6), Every: 2 * time.Millisecond})

	runLoop(t, c)
	c.WaitGPS()
	if c.trip.state != autoPaused {
		t.Errorf("state = %v, want auto-paused", c.trip.state)
	}
}

func TestHeartRateStrap(t *testing.T) {
	w := &fakeWindow{frames: 30, interval: 2 * time.Millisecond}
	c := New(w, WithAutoPause(0))
	strap := sensor.NewStrap(sensor.Steady(150, 20), 2*time.Millisecond)
	c.AttachHeartRate(strap)
	strap.Connect()

	runLoop(t, c)
	strap.Disconnect()
	if hr := c.trip.hr.Value(); hr < 100 || hr > 150 {
		t.Errorf("hr = %.1f", hr)
	}
}

func TestExportGPXWhileRiding(t *testing.T) {
	out := &slowWriter{delay: time.Millisecond}
	w := &fakeWindow{frames: 50, interval: 2 * time.Millisecond}
	c := New(w, WithAutoPause(0), WithExport(out))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.AttachGPS(ctx, &Replay{Fixes: StraightRide(berlin, 60, 5), Every: 2 * time.Millisecond})
	w.script = map[int]func(){
		12: func() { c.Press(ButtonExport) },
	}

	runLoop(t, c)
	c.Wait()
	cancel()
	c.WaitGPS()
	if n := strings.Count(out.String(), "<trkpt"); n < 3 || !strings.HasSuffix(out.String(), "</gpx>\n") {
		t.Errorf("exported %d points", n)
	}
}
