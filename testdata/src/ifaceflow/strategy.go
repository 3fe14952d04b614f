package ifaceflow

import "time"

// A Strategy decides what a supervisor does with a failed child: two
// interface calls deep, the supervisor's type still decides.
type Strategy interface {
	HandleFailure(s Supervisor, child int) // want HandleFailure:`summary\(arg1 calls \(\*ifaceflow.actor\).Children if arg1 is ifaceflow.actor\)` HandleFailure:`entry point, called off the owner by \(\*ifaceflow.actor\).failLater`
}

type oneForOne struct{}

// Default is the strategy supervisors use unless told otherwise.
func Default() Strategy { return oneForOne{} }

func (oneForOne) HandleFailure(s Supervisor, child int) { // want HandleFailure:`summary\(arg1 calls \(\*ifaceflow.actor\).Children if arg1 is ifaceflow.actor\)`
	for _, c := range s.Children() {
		if c == child {
			s.Restart(c)
		}
	}
}

type root struct {
	guardian
	strategy Strategy
}

// The root's failures are handled on a timer, with the root as the
// supervisor: the strategy reaches only the guardian's Children.
func (r *root) failLater(child int) {
	time.AfterFunc(time.Second, func() { r.strategy.HandleFailure(r, child) })
}

// Look-alike positive: an actor handing itself to the strategy on a timer.
func (a *actor) failLater(st Strategy, child int) {
	time.AfterFunc(time.Second, func() {
		st.HandleFailure(a, child)
	})
}
