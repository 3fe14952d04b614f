// Package app implements the generated services on state of its loop.
package app

import (
	"storedfields/pb"
	"storedfields/rpc"
)

//confined:owner
type State struct{ calls int } // want State:"confined:owner"

type server struct{ st *State }

func (s *server) Do() error { // want Do:"summary\\(arg0 writes app.State.calls\\)"
	s.st.calls++ // want `writes confined app.State.calls off the owner: this code runs via \(\*app.server\).Do, which implements \(pb.FooServer\).Do, which pb calls off the owner \(in pb._Foo_Do_Handler\)`
	return nil
}

// Check runs where RegisterBarServer's caller runs: no finding.
func (s *server) Check(name string) error { // want Check:"summary\\(arg0 writes app.State.calls\\)"
	s.st.calls++
	return nil
}

func Register(r *rpc.Server, st *State) {
	pb.RegisterFooServer(r, &server{st: st})
	pb.RegisterBarServer(r, &server{st: st})
	rpc.SetLogger(audit{st: st})
}

type audit struct{ st *State }

func (a audit) Log(string) { // want Log:"summary\\(arg0 writes app.State.calls\\)"
	a.st.calls++ // want `writes confined app.State.calls off the owner: this code runs via \(app.audit\).Log, which implements \(rpc.Logger\).Log`
}

// Trace implements rpc's unexported tracer by its method set alone.
func (a audit) Trace(string) { a.st.calls++ } // want Trace:"summary\\(arg0 writes app.State.calls\\)"

// A type with a Log method that the package never hands to rpc (nor to any
// interface): rpc calling its loggers off the owner does not make it run
// there.
type quiet struct{ st *State }

func (q quiet) Log(string) { q.st.calls++ } // want Log:"summary\\(arg0 writes app.State.calls\\)"

func (s *State) note() { quiet{st: s}.Log("noted") }
