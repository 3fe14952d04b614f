// Package suggestframesiface: a Gio frame loop behind the app's own
// window interface, whose body writes nothing itself.
package suggestframesiface

import "gioui.org/app"

// window is the app's own view of *app.Window, so that its tests can
// drive the frame loop: the loop still waits for the next event.
type window interface {
	Event() app.Event
	Invalidate()
}

// A board's frame loop writes nothing itself: it lays out what its
// goroutines fetch. The framework makes it the owner all the same.
type board struct { // want `suggest for suggestframesiface\.board: //confined:owner: code off the owner \(func literal in \(\*suggestframesiface\.board\)\.load\) touches its field rows without a lock, while code on the owner \(\(\*suggestframesiface\.board\)\.run\) reads it: it is that owner's, and the check reports the goroutines`
	rows []string
}

func Board() {
	go func() {
		b := &board{}
		b.run(new(app.Window))
	}()
	app.Main()
}

func (b *board) run(w window) { // want `suggest for \(\*suggestframesiface\.board\)\.run: //confined:loop: a goroutine runs it \(go statement in suggestframesiface\.Board, board\.go:21\) and it waits for the next event in a loop \(Gio's frame loop: the goroutine calling it handles the window's events, one at a time\) \(board\.go:30\)` run:`confined:loop`
	for {
		switch w.Event().(type) {
		case app.FrameEvent:
			b.layout()
		case app.DestroyEvent:
			return
		}
		b.load(w)
	}
}

func (b *board) layout() { println(len(b.rows)) }

// load appends off the frame loop: the race.
func (b *board) load(w window) {
	go func() {
		b.rows = append(b.rows, "row")
		w.Invalidate()
	}()
}

// Look-alikes: a method named Event on a type that is no framework's
// window, and an interface whose Event the window does not implement; a
// goroutine polling either in a loop receives no work: no loop.
type poller struct{ events []string }

func (p *poller) Event() string { return "tick" } // want Event:`summary\(\)`

type ticker interface{ Event() string }

type meter struct{ n, m int }

func (m *meter) Run(p *poller) { // want Run:`summary\(started arg0 arg1\)`
	go m.poll(p)
	go m.tick(p)
}

func (m *meter) poll(p *poller) {
	for range 3 {
		_ = p.Event()
		m.n++
	}
}

func (m *meter) tick(t ticker) {
	for range 3 {
		_ = t.Event()
		m.m++
	}
}
