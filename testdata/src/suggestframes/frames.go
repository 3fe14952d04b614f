// Package suggestframes: a Gio app, whose frame loop is the app's own
// goroutine calling Window.Event in a loop. -suggest proposes it a loop,
// and the state its frames write and goroutines touch owned by it.
package suggestframes

import (
	"os"
	"time"

	"gioui.org/app"
)

type state struct { // want `suggest for suggestframes\.state: //confined:owner: code on the owner \(\(\*suggestframes\.state\)\.run\) writes its field clicks without a lock, and besides where a value is built only code off the owner does \(func literal in \(\*suggestframes\.state\)\.fetch\), which the check then reports`
	quote  string
	clicks int
	title  string // want `suggest for field title: //confined:any: only code building a state writes it, and \(\*suggestframes\.state\)\.layout reads it off the owner`
}

func Main() {
	go func() {
		w := new(app.Window)
		s := &state{title: "quotes"}
		s.run(w)
		os.Exit(0)
	}()
	app.Main()
}

func (s *state) run(w *app.Window) { // want `suggest for \(\*suggestframes\.state\)\.run: //confined:loop: a goroutine runs it \(go statement in suggestframes\.Main, frames\.go:20\) and it waits for the next event in a loop \(Gio's frame loop: the goroutine calling it handles the window's events, one at a time\) \(frames\.go:31\)` run:`confined:loop`
	for {
		switch w.Event().(type) {
		case app.FrameEvent:
			s.frame(w)
		case app.DestroyEvent:
			return
		}
	}
}

func (s *state) frame(w *app.Window) {
	if s.clicks++; s.clicks%2 == 0 {
		s.fetch(w)
	}
	s.layout()
}

func (s *state) layout() { println(s.title, s.quote) }

// fetch writes the quote off the frame loop: the race.
func (s *state) fetch(w *app.Window) {
	go func() {
		time.Sleep(time.Millisecond)
		s.quote = "fetched"
		w.Invalidate()
	}()
}
