// Package fieldapp names nothing confined: only a constructor whose
// result's methods touch a field another package confines, called through
// an interface of its own.
package fieldapp

import "consumerifaces/nat"

type addresser interface{ External() string } // want External:`summary\(arg0 reads nat.Gateway.ext @nat if arg0 is consumerifaces/nat.Gateway\)`

func watch() {
	var a addresser = nat.NewGateway()
	go func() {
		_ = a.External() // want `reads @nat state nat.Gateway.ext off its owner`
	}()
}
