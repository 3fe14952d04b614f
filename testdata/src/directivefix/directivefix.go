package directivefix

// This package checks the fixes of directive findings; directivefix.go.golden
// is this file with them applied.

import "time"

// want +2 `unknown directive //confined:ownr; known verbs are .*; did you mean owner\?`
//
//confined:ownr
type misspelt struct{ n int }

// Far from every verb: no fix.
//
// want +1 `unknown directive //confined:bogus`
//confined:bogus
func far() {}

type plain struct {
	// want +1 `//confined:any on a field of plain, which is not confined`
	//confined:any
	n int
}

//confined:owner
type state struct{ n int } // want state:"confined:owner"

func quiet(s *state) {
	s.n++ //confined:ignore the owner runs this // want `this //confined:ignore suppresses nothing`
	// want +1 `this //confined:ignore suppresses nothing`
	//confined:ignore nothing here runs off the owner
	s.n--
}

func loud(s *state) {
	time.AfterFunc(time.Second, func() {
		//confined:ignore the loop is stopped before the timer fires
		s.n++
	})
}

// A space after // makes prose of a directive; the fix takes it out.
//
// confined:owner // want `"// confined:owner" is not a directive: Go takes a comment as a directive only with no space after //; write //confined:owner`
type spaced struct{ n int }

// Look-alike: prose that starts the same way is left alone.
//
// confined: only the loop touches it
type prose struct{ n int }
