// Package suggestloopstate: a frame loop that makes the app's state before
// it starts and lays it out every frame, while goroutines the state's
// methods start write it. What the loop makes before its loop and keeps
// using is its state across turns, not a message's: the fields the
// goroutines write are the loop's. Look-alike: a probe the loop makes
// anew each frame is that frame's own.
package suggestloopstate

import "gioui.org/io/event"

type Window interface {
	Event() event.Event
}

type Frame struct{}

func (Frame) ImplementsEvent() {}

type Timer struct { // want `suggest for suggestloopstate\.Timer: //confined:owner: code off the owner \(\(\*suggestloopstate\.Timer\)\.measure, func literal in \(\*suggestloopstate\.Timer\)\.AutoLap\) touches its fields laps, offset without a lock, while code on the owner \(suggestloopstate\.Run\) reads it: it is that owner's, and the check reports the goroutines`
	laps   []int
	offset int
}

func newTimer() *Timer { return &Timer{} }

func (t *Timer) layout() int { return len(t.laps) + t.offset }

// Sync measures the clock's offset in the background.
func (t *Timer) Sync() { go t.measure() } // want Sync:`summary\(started arg0\)`

func (t *Timer) measure() { t.offset = 3 }

// AutoLap records a lap from a goroutine.
func (t *Timer) AutoLap() { // want AutoLap:`summary\(started arg0\)`
	go func() { t.laps = append(t.laps, 1) }()
}

type Probe struct {
	hits int
}

func (p *Probe) Start() { go func() { p.hits++ }() } // want Start:`summary\(started arg0\)`

func (p *Probe) read() int { return p.hits }

func Run(w Window) error { // want `suggest for suggestloopstate\.Run: //confined:loop: no code of the package starts it, so the goroutine running it, whichever it is, is the frame loop, and it waits for the next event in a loop \(Gio's frame loop: the goroutine calling it handles the window's events, one at a time\) \(timer\.go:49\)` Run:`summary\(\)` Run:`confined:loop`
	t := newTimer()
	for {
		switch w.Event().(type) {
		case Frame:
			_ = t.layout()
			p := new(Probe)
			p.Start()
			_ = p.read()
		case nil:
			return nil
		}
	}
}
