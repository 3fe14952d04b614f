package testgoroutine

import "testing"

func TestStep(t *testing.T) {
	r := &raft{st: &state{}}
	r.becomeFollower()
	go func() {
		r.step(r)
	}()
	r.tick() // look-alike negative: on the test's goroutine, the owner here
}
