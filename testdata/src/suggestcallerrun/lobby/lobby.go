// Package lobby: a lobby whose exported Run its callers start, and a
// tracker whose loop its constructor starts and whose listeners it calls
// there. The lobby's fields, a set among them, are written by the lobby's
// loop and by a listener on the tracker's: the lobby is its own loop's,
// and the set, whose entries another package's method writes, is no
// field to leave to anyone.
package lobby

import (
	"context"

	"suggestcallerrun/lobby/sets"
)

type Lobby struct { // want `suggest for lobby\.Lobby: //confined:owner @lobby: code on the owner \(func literal in \(\*lobby\.Lobby\)\.Enqueue, func literal in \(\*lobby\.Lobby\)\.Forget\) writes 2 of its fields \(gone, waiting\) without a lock on its own loop; code on another owner writes it too \(func literal in \(\*lobby\.Lobby\)\.Attach\), which the check reports, and no other code writes it but where a value is built`
	ops     chan func()
	gone    sets.Set[string]
	waiting []string
}

func NewLobby() *Lobby { return &Lobby{ops: make(chan func()), gone: sets.Set[string]{}} }

func (l *Lobby) Run(ctx context.Context) { // want `suggest for \(\*lobby\.Lobby\)\.Run: //confined:loop @lobby: its callers run it \(an exported method no code of the package starts, receiving from its receiver's channel\) and it receives from a channel in a loop \(lobby\.go:25\)` Run:`confined:loop@lobby`
	for {
		select {
		case <-ctx.Done():
			return
		case fn := <-l.ops:
			fn()
		}
	}
}

func (l *Lobby) Enqueue(name string) {
	l.ops <- func() {
		if !l.gone.Has(name) {
			l.waiting = append(l.waiting, name)
		}
	}
}

func (l *Lobby) Forget(name string) {
	l.ops <- func() { l.gone.Add(name) }
}

type Tracker struct { // want `suggest for lobby\.Tracker: //confined:owner @tracker: code on the owner \(\(\*lobby\.Tracker\)\.run\) writes its field listeners without a lock, and no other code writes it but where a value is built`
	events    chan string
	subs      chan func(string)
	listeners []func(string)
}

func NewTracker() *Tracker { // want NewTracker:`summary\(started result; starts a loop\)`
	t := &Tracker{events: make(chan string), subs: make(chan func(string))}
	go t.run()
	return t
}

func (t *Tracker) run() { // want `suggest for \(\*lobby\.Tracker\)\.run: //confined:loop @tracker: a goroutine runs it \(go statement in lobby\.NewTracker, lobby\.go:54\) and it receives from a channel in a loop \(lobby\.go:60\)` run:`confined:loop@tracker`
	for {
		select {
		case fn := <-t.subs:
			t.listeners = append(t.listeners, fn)
		case ev := <-t.events:
			for _, fn := range t.listeners {
				fn(ev)
			}
		}
	}
}

func (t *Tracker) Listen(fn func(string)) { t.subs <- fn } // want `suggest for \(\*lobby\.Tracker\)\.Listen: //confined:hop @tracker fn: it hands fn to a hop, which runs it on the owner` Listen:`summary\(hop arg1 @tracker\)`

func (l *Lobby) Attach(t *Tracker) {
	t.Listen(func(user string) { l.gone.Add(user) })
}
