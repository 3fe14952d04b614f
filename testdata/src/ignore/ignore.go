// Package ignore checks //confined:ignore: it suppresses the finding on its
// own line or on the line just below it, it needs a reason, and one that
// suppresses nothing is itself reported.
package ignore

import "time"

//confined:owner
type state struct { // want state:"confined:owner"
	x, y int
}

// Suppressed by an ignore at the end of the finding's line.
func sameLine(s *state) {
	time.AfterFunc(time.Second, func() {
		s.x++ //confined:ignore the owner is parked in shutdown while timers drain
	})
}

// Suppressed by an ignore on the line above.
func lineAbove(s *state) {
	time.AfterFunc(time.Second, func() {
		//confined:ignore the owner is parked in shutdown while timers drain
		s.x++
	})
}

// Look-alike: the unsuppressed finding.
func notIgnored(s *state) {
	time.AfterFunc(time.Second, func() {
		s.x++ // want `writes confined ignore.state.x off the owner`
	})
}

// Two lines above is too far: the finding stands and the ignore is unused.
func twoLinesAbove(s *state) {
	time.AfterFunc(time.Second, func() {
		// want +1 `this //confined:ignore suppresses nothing`
		//confined:ignore too far away

		s.x++ // want `writes confined ignore.state.x off the owner`
	})
}

// An ignore that has nothing to suppress: the code runs on the owner.
func stale(s *state) {
	// want +1 `this //confined:ignore suppresses nothing: no finding on its line or the next; remove it`
	//confined:ignore left over from before the refactoring
	s.x++
}

// An ignore with no reason is reported, and does not suppress.
func noReason(s *state) {
	time.AfterFunc(time.Second, func() {
		// want +1 `//confined:ignore needs a reason` `writes confined ignore.state.x off the owner`
		s.x++ //confined:ignore
	})
}

// An ignore at the end of a line covers that line's finding only, not the
// finding on the next line.
func trailingCoversItsLineOnly(s *state) {
	time.AfterFunc(time.Second, func() {
		s.x++ //confined:ignore x is only a statistic
		s.y++ // want `writes confined ignore.state.y off the owner`
	})
}

// An ignore in a doc comment that covers no finding is unused too.
//
// want +2 `this //confined:ignore suppresses nothing`
//
//confined:ignore nothing here runs off the owner
func docIgnore(s *state) {
	s.y++
}

// A finding reported at the touch inside a method (s.x++ in bump) is
// suppressed by an ignore on the line the code leaves the owner from (a
// method value handed to a timer), for that line only: the other timer's
// is reported.
func (s *state) bump() { s.x++ } // want `calls confined \(\*ignore.state\).bump off the owner`

func methodValue(s *state) {
	time.AfterFunc(time.Second, s.bump) //confined:ignore bump is idempotent and the owner tolerates it
}

func methodValueNotIgnored(s *state) {
	time.AfterFunc(time.Second, s.bump)
}
