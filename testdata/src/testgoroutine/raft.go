// Package testgoroutine: production code that only a test's goroutine runs
// off the owner. The finding is at the write in production code, the line
// the race detector names, and names the test's goroutine; the package's
// non-test variant reports nothing. analysistest's wants cannot say both,
// so TestTestGoroutineTouch checks it.
package testgoroutine

//confined:owner
type state struct {
	n int
}

// raft's step func is filled in production code and called off the owner
// only by a test's goroutine.
type raft struct {
	st   *state
	step func(r *raft)
}

func stepFollower(r *raft) { r.st.n++ }

func (r *raft) becomeFollower() { r.step = stepFollower }

// tick calls step on the owner: no finding.
func (r *raft) tick() { r.step(r) }
