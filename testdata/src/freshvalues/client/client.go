// Package client starts the server's work on its own goroutines: the same
// findings as in the server's package.
package client

import "freshvalues/server"

func run(s *server.Server) {
	go s.ServeConn()
	go s.ServeConnClosure()
	go s.ServeLocal()
	go s.Register() // want `writes confined server.registry.n off the owner: this code runs via a go statement \(client.go:\d+\); path \(\*server.Server\).Register → server.registry.n`
}
