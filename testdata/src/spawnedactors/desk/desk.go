// Package desk: a framework that runs several turns of a server (ergo's
// HandleCall and HandleInfo) runs each as the server's loop, so code
// beside them races with what any of them touches, and with nothing
// else: the turns the server inherits from the framework (HandleCall
// here) touch none of its state.
package desk

import (
	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/node"
)

type Desk struct {
	gen.Server     // its HandleCall
	Fee        int // read by Init only
	calls      int
	notes      int // touched by no turn
}

func (d *Desk) Init(p *gen.ServerProcess) error { // want Init:`summary\(arg0 reads desk\.Desk\.Fee\)`
	_ = d.Fee
	return nil
}

func (d *Desk) HandleInfo(p *gen.ServerProcess, m any) { d.calls++ } // want HandleInfo:`summary\(arg0 writes desk\.Desk\.calls\)`

// An Office holds the desk Open spawned.
type Office struct{ Desk *Desk }

func Open() *Office { // want Open:`summary\(started result 0 field Desk\)`
	o := &Office{Desk: &Desk{}}
	node.Spawn("desk", o.Desk)
	return o
}

func SetFee() {
	o := Open()
	o.Desk.Fee = 1 // want `writes confined desk\.Desk\.Fee off the owner: this code runs via the code that started the loop \(\*desk\.Desk\)\.HandleInfo, which goes on beside it`
}

// Look-alike: a field no turn touches.
func Note() {
	o := Open()
	o.Desk.notes++
}
