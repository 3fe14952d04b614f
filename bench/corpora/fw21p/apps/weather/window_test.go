package weather

import (
	"image"
	"sync/atomic"
	"time"

	"gioui.org/app"
	"gioui.org/io/event"
	"gioui.org/io/input"
	"gioui.org/io/key"
	"gioui.org/op"
	"gioui.org/unit"
)

// fakeWindow plays the role of *app.Window in tests: it hands frames to the
// loop on request and feeds queued input through a real input.Router.
type fakeWindow struct {
	requests      chan frameRequest
	router        input.Router
	size          image.Point
	invalidations atomic.Int64
}

type frameRequest struct {
	input   []event.Event
	done    chan struct{}
	destroy bool
}

func newFakeWindow() *fakeWindow {
	return &fakeWindow{requests: make(chan frameRequest), size: image.Pt(800, 600)}
}

// Event implements Window.
func (w *fakeWindow) Event() event.Event {
	req := <-w.requests
	if req.destroy {
		return app.DestroyEvent{}
	}
	w.router.Queue(req.input...)
	return app.FrameEvent{
		Now:    time.Now(),
		Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1},
		Size:   w.size,
		Source: w.router.Source(),
		Frame: func(ops *op.Ops) {
			w.router.Frame(ops)
			if req.done != nil {
				close(req.done)
			}
		},
	}
}

// Invalidate implements Window.
func (w *fakeWindow) Invalidate() { w.invalidations.Add(1) }

// Frame asks for a frame and returns once the loop has picked it up.
func (w *fakeWindow) Frame(in ...event.Event) {
	w.requests <- frameRequest{input: in}
}

// FrameAndWait asks for a frame and waits until it has been drawn.
func (w *fakeWindow) FrameAndWait(in ...event.Event) {
	done := make(chan struct{})
	w.requests <- frameRequest{input: in, done: done}
	<-done
}

// Destroy closes the window.
func (w *fakeWindow) Destroy() {
	w.requests <- frameRequest{destroy: true}
}

func press(name key.Name) []event.Event {
	return []event.Event{
		key.Event{Name: name, State: key.Press},
		key.Event{Name: name, State: key.Release},
	}
}
