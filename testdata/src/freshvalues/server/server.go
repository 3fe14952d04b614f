// Package server builds a confined connection per call: the allocation is
// the caller's own, whatever pointers it stores in it (docs/directives.md,
// "Ownership follows the value"); what is reached through those pointers is
// not.
package server

//confined:owner
type conn struct { // want conn:"confined:owner"
	srv *Server
	n   int
}

//confined:owner
type registry struct { // want registry:"confined:owner"
	n int
}

type Server struct {
	fr  *framer
	reg *registry
}

type framer struct{}

func (f *framer) forEach(fn func(int)) { fn(1) }

func (c *conn) apply(v int) { c.n += v }

//confined:loop
func (c *conn) serve() { c.n++ } // want serve:`confined:loop`

// ServeConn drives a connection it made, through a method value and the
// connection's loop.
func (s *Server) ServeConn() {
	c := &conn{srv: s}
	s.fr.forEach(c.apply)
	c.serve()
}

// ServeConnClosure does the same through a closure.
func (s *Server) ServeConnClosure() {
	c := &conn{srv: s}
	s.fr.forEach(func(v int) { c.apply(v) })
	c.serve()
}

// ServeLocal drives a connection held in a variable of its own; taking the
// method value takes its address, which is still the function's own.
func (s *Server) ServeLocal() {
	var c conn
	c.srv = s
	s.fr.forEach(c.apply)
}

// Register reaches the server's confined registry through the connection.
func (s *Server) Register() { // want Register:`summary\(arg0 writes server.registry.n\)`
	c := &conn{srv: s}
	c.srv.reg.n++ // want `writes confined server.registry.n off the owner: this code runs via a go statement`
}

func local(s *Server) {
	go s.ServeConn()
	go s.ServeConnClosure()
	go s.ServeLocal()
	go s.Register()
}
