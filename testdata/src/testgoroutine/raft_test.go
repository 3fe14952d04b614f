package callbackfields

import "testing"

func TestStep(t *testing.T) {
	r := &raft{st: &state{}}
	r.becomeFollower()
	go func() {
		r.step(r) // want `writes confined callbackfields.state.n off the owner: this code runs via the func stored in field step \(callbackfields.stepFollower at raft.go:14\), called off the owner by func literal in callbackfields.TestStep \(raft_test.go:\d+\); path callbackfields.stepFollower → callbackfields.state.n`
	}()
	r.tick() // look-alike negative: on the test's goroutine, the owner here
}
