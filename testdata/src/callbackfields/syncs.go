package callbackfields

import "testing"

// A func that off-owner code hands to a sync sink runs off the owner too,
// while that code waits: the stored funcs it calls run off the owner. The
// testing package's own summary says t.Run sends f to a goroutine; the
// built-in sync declaration wins there as everywhere.
type courier struct {
	deliver func()
	replay  func()
}

func relayed(t *testing.T, s *state) {
	r := &courier{}
	r.deliver = func() { s.n++ } // want `writes confined callbackfields.state.n off the owner: this code runs via the func stored in field deliver \(func literal in callbackfields.relayed at syncs.go:\d+\), called off the owner by func literal in func literal in callbackfields.relayed`
	r.replay = func() { s.n++ }
	go func() {
		t.Run("deliver", func(*testing.T) {
			r.deliver()
		})
	}()
	// Look-alike negative: the same on the owner.
	t.Run("replay", func(*testing.T) { r.replay() })
}
