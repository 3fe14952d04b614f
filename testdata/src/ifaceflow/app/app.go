// Package app calls ifaceflow's strategy through facts: what the strategy
// touches of the supervisor it is given still depends on that supervisor's
// type.
package app

import (
	"ifaceflow"
	"time"
)

// quiet is a supervisor of this package, with nothing confined.
type quiet struct{}

func (quiet) Children() []int    { return nil }
func (quiet) Restart(ids ...int) {}

func failLater(st ifaceflow.Strategy) {
	time.AfterFunc(time.Second, func() { st.HandleFailure(quiet{}, 1) })
}

// Look-alike positive: a supervisor nothing tells the type of.
func failSomeLater(st ifaceflow.Strategy, s ifaceflow.Supervisor) {
	time.AfterFunc(time.Second, func() {
		st.HandleFailure(s, 1) // want `calls confined \(\*ifaceflow.actor\).Children off the owner: this code runs via time.AfterFunc \(app.go:\d+\); path \(ifaceflow.oneForOne\).HandleFailure → \(\*ifaceflow.actor\).Children`
	})
}
