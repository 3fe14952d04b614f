// Package fsm is a state machine with its own loop, the @fsm domain.
package fsm

// State is what the FSM's loop applies entries to.
//
//confined:owner @fsm
type State struct {
	applied int
}

// Apply applies one entry.
func (s *State) Apply() { s.applied++ }

// Loop runs closures on the FSM's loop.
type Loop struct {
	work chan func()
}

// Do runs f on the FSM's loop.
//
//confined:hop @fsm
func (l *Loop) Do(f func()) { l.work <- f }

// Later is a hop sink too, inferred: it hands f to Do.
func Later(l *Loop, f func()) { l.Do(f) }

// Snapshot must run on the FSM's loop.
//
//confined:owner @fsm
func Snapshot(s *State) int { return s.applied }
