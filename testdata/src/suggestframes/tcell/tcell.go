// Package tcell: a terminal app whose Run polls a tcell screen for events
// in a loop, which no code of the package starts: the frame loop. A
// goroutine of its own that relays a channel into the app's fields runs
// off that loop, not as an owner of its own.
package tcell

import (
	"time"

	"github.com/gdamore/tcell/v2"
)

type App struct { // want `suggest for tcell\.App: //confined:owner: code on the owner \(\(\*tcell\.App\)\.Run\) writes 2 of its fields \(lines, typing\) without a lock, and besides where a value is built only code off the owner does \(\(\*tcell\.App\)\.watch\), which the check then reports`
	screen tcell.Screen // want `suggest for field screen: //confined:any: only code building a App writes it, and \(\*tcell\.App\)\.watch reads it off the owner`
	typing string
	lines  []string
	feed   chan string
}

type lineEvent struct {
	tcell.EventKey
	line string
}

func (a *App) Run() { // want `suggest for \(\*tcell\.App\)\.Run: //confined:loop: no code of the package starts it, so the goroutine running it, whichever it is, is the frame loop, and it waits for the next event in a loop \(tcell's event loop: the goroutine calling it handles the screen's events, and those PostEvent queues, one at a time\) \(tcell\.go:28\)` Run:`confined:loop` Run:`summary\(started arg0\)` Run:`writes suggestframes/tcell\.App\.lines, suggestframes/tcell\.App\.typing; reads suggestframes/tcell\.App\.lines, suggestframes/tcell\.App\.screen, suggestframes/tcell\.lineEvent\.line; grows suggestframes/tcell\.App\.lines`
	go a.watch()
	for {
		switch ev := a.screen.PollEvent().(type) {
		case nil:
			return
		case *lineEvent:
			a.lines = append(a.lines, ev.line)
			a.typing = ""
		}
		a.screen.Show()
	}
}

// watch writes the typing indicator off the loop: the race.
func (a *App) watch() {
	for who := range a.feed {
		a.typing = who
		_ = a.screen.PostEvent(&lineEvent{})
	}
}

// Look-alike: a ticker posting events writes nothing.
func (a *App) Tick(every time.Duration) { // want Tick:`reads suggestframes/tcell\.App\.screen`
	t := time.NewTicker(every)
	for range t.C {
		_ = a.screen.PostEvent(&tcell.EventKey{})
	}
}
