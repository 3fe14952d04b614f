package callbackfields

// raft's step func is filled in production code and called off the owner
// only by a test's goroutine: the finding is the test's call, in the test
// file, not the store here (which the package's non-test variant would not
// report).
type raft struct {
	st   *state
	step func(r *raft)
}

func stepFollower(r *raft) { r.st.n++ }

func (r *raft) becomeFollower() { r.step = stepFollower }

// tick calls step on the owner: no finding.
func (r *raft) tick() { r.step(r) }
