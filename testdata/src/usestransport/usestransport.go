// Package usestransport registers confined handlers with the unannotated
// transport: the stored-callback sinks inferred on its syntax-only path
// reach this package through facts.
package usestransport

import "transport"

//confined:owner
type state struct { // want state:"confined:owner"
	n int
}

func use(s *state, c *transport.Conn, n *transport.Notifier) {
	c.SetHandler(func([]byte) {
		s.n++ // want `writes confined usestransport.state.n off the owner: this code runs via \(\*transport.Conn\).SetHandler`
	})
	transport.Dial(func([]byte) {
		s.n++ // want `via transport.Dial`
	})
	c.OnClose(func() {
		s.n++ // want `via \(\*transport.Conn\).OnClose`
	})
	transport.Wrapped(c, func([]byte) {
		s.n++ // want `via transport.Wrapped`
	})
	// Look-alike negatives: callbacks the transport calls on the caller.
	n.SetCallback(func() { s.n++ })
	n.Register(func() { s.n++ })
	n.Notify()
}
