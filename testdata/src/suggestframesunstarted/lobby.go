// Package suggestframesunstarted: a Gio frame loop that no code of the
// package starts (main runs it behind a build tag, tests with a fake
// window), behind the app's own window interface, with gioui.org/app not
// in view: the method's name and result say it waits for the window's
// next event.
package suggestframesunstarted

import "gioui.org/io/event"

type Window interface {
	Event() event.Event
}

type Action struct{ Kind string }

func (Action) ImplementsEvent() {}

type Lobby struct { // want `suggest for suggestframesunstarted.Lobby: //confined:owner: code on the owner \(\(\*suggestframesunstarted.Lobby\).Run\) writes its field seats without a lock`
	seats map[string]int
}

func (l *Lobby) Run(w Window) error { // want `suggest for \(\*suggestframesunstarted.Lobby\).Run: //confined:loop: no code of the package starts it` Run:"confined:loop" Run:"writes suggestframesunstarted.Lobby.seats" Run:`summary\(\)`
	for {
		switch e := w.Event().(type) {
		case Action:
			l.seats[e.Kind]++
		case nil:
			return nil
		}
	}
}

// Look-alike: a poll whose Event returns something else is no window's.
type Poll interface {
	Event() string
}

type Meter struct {
	seen map[string]int
}

func (m *Meter) Watch(p Poll) { // want Watch:"writes suggestframesunstarted.Meter.seen"
	for {
		m.seen[p.Event()]++
	}
}
