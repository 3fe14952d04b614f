// Package pb is generated service code in small: a handler stored in a
// MethodDesc, calling the service's interface through a type assertion.
package pb

import "storedfields/rpc"

type FooServer interface{ Do() error } // want Do:"entry point, called off the owner by pb._Foo_Do_Handler"

type BarServer interface{ Check(name string) error }

func _Foo_Do_Handler(srv any) error { return srv.(FooServer).Do() }

var Foo_ServiceDesc = rpc.ServiceDesc{Methods: []rpc.MethodDesc{{Name: "Do", Handler: _Foo_Do_Handler}}}

func RegisterFooServer(s *rpc.Server, srv FooServer) { s.RegisterService(&Foo_ServiceDesc, srv) }

// Look-alike: a validator stored in a field rpc calls on the caller's
// goroutine; it calls BarServer.Check there.
func RegisterBarServer(s *rpc.Server, srv BarServer) {
	s.RegisterService(&rpc.ServiceDesc{Opts: rpc.Options{Validate: func(name string) error { return srv.Check(name) }}}, srv)
}

// The same, with the descriptor written by position.
type BazServer interface{ Run() error } // want Run:"entry point, called off the owner by pb._Baz_Run_Handler"

func _Baz_Run_Handler(srv any) error { return srv.(BazServer).Run() }

var Baz_ServiceDesc = rpc.ServiceDesc{Methods: []rpc.MethodDesc{{"Run", _Baz_Run_Handler}}}
