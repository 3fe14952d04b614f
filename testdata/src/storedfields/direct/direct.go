// Package direct stores a literal in the imported field itself, from a
// package with confined state of its own (the SSA path).
package direct

import "storedfields/rpc"

//confined:owner
type Counter struct{ n int } // want Counter:"confined:owner"

func Register(s *rpc.Server, c *Counter) { // want Register:`summary\(started arg1\)`
	s.RegisterService(&rpc.ServiceDesc{Methods: []rpc.MethodDesc{{Name: "Inc", Handler: func(any) error {
		c.n++ // want `writes confined direct.Counter.n off the owner: this code runs via the funcs stored in field Handler, which rpc calls off the owner`
		return nil
	}}}}, nil)
	// Look-alike: the hook rpc calls on this goroutine.
	s.RegisterService(&rpc.ServiceDesc{Opts: rpc.Options{Validate: func(string) error {
		c.n++
		return nil
	}}}, nil)
}
