// Package app stands for Gio's gioui.org/app: a window whose Event
// blocks until the platform's next event.
package app

type Event interface{ ImplementsEvent() }

type FrameEvent struct{}

func (FrameEvent) ImplementsEvent() {}

type DestroyEvent struct{ Err error }

func (DestroyEvent) ImplementsEvent() {}

type driver interface{ next() Event }

type Window struct{ d driver }

// Event returns the next event; the driver's wait is out of view.
func (w *Window) Event() Event { return w.d.next() }

// Invalidate asks for a frame; safe from any goroutine.
func (w *Window) Invalidate() {}

// Main runs the platform's loop.
func Main() {}
