package tripcomp

import (
	"bytes"
	"image"
	"sync"
	"testing"
	"time"

	"gioui.org/app"
	"gioui.org/io/event"
	"gioui.org/op"
	"gioui.org/unit"

	"example.com/corpus/trial-fw22q/internal/geo"
)

// fakeWindow produces a frame every interval and runs the scripted action
// for a frame just before delivering it.
type fakeWindow struct {
	frames   int
	interval time.Duration
	script   map[int]func()
	n        int
}

func (w *fakeWindow) Event() event.Event {
	if w.n >= w.frames {
		return app.DestroyEvent{}
	}
	if f := w.script[w.n]; f != nil {
		f()
	}
	w.n++
	time.Sleep(w.interval)
	return app.FrameEvent{
		Now:    time.Now(),
		Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1},
		Size:   image.Pt(480, 800),
		Frame:  func(*op.Ops) {},
	}
}

func (w *fakeWindow) Invalidate() {}

var berlin = geo.Fix{Lat: 52.52, Lon: 13.405, Ele: 34, At: time.Date(2024, 5, 4, 9, 0, 0, 0, time.UTC)}

// slowWriter behaves like an SD card that takes a while for every write.
type slowWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	delay time.Duration
}

func (w *slowWriter) Write(p []byte) (int, error) {
	time.Sleep(w.delay)
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *slowWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

func runLoop(t *testing.T, c *Computer) {
	t.Helper()
	if err := c.Loop(); err != nil {
		t.Fatal(err)
	}
}
