// Package viastart: a frame loop sets a field up, then calls the method
// that starts the goroutines reading it (a.Start(), running go a.tick()):
// the write sets the value up for them, as one right before a go
// statement does, and is no evidence that the loop owns the field.
// Look-alike: a field the loop writes after the start, turn after turn.
package viastart

import "gioui.org/io/event"

type Window interface {
	Event() event.Event
}

type Frame struct{}

func (Frame) ImplementsEvent() {}

type App struct { // want `suggest for viastart\.App: //confined:owner: code on the owner \(\(\*viastart\.App\)\.Run\) writes its field frames without a lock, and no other code writes it but where a value is built`
	notify func()
	frames int
	stop   chan struct{}
}

func (a *App) Run(w Window) error { // want `suggest for \(\*viastart\.App\)\.Run: //confined:loop: no code of the package starts it, so the goroutine running it, whichever it is, is the frame loop, and it waits for the next event in a loop \(Gio's frame loop: the goroutine calling it handles the window's events, one at a time\) \(viastart\.go:28\)` Run:`confined:loop` Run:`summary\(started arg0\)` Run:`writes suggestsetup/viastart\.App\.frames; reads suggestsetup/viastart\.App\.frames; grows suggestsetup/viastart\.App\.frames`
	a.notify = func() {}
	a.Start()
	for {
		switch w.Event().(type) {
		case Frame:
			a.frames++
		case nil:
			return nil
		}
	}
}

// Start launches the ticker that asks for frames.
func (a *App) Start() { // want Start:`summary\(started arg0\)`
	a.stop = make(chan struct{})
	go a.tick()
}

func (a *App) tick() {
	for {
		select {
		case <-a.stop:
			return
		default:
			a.notify()
			_ = a.frames
		}
	}
}
