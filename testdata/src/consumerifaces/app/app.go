// Package app declares the interfaces it consumes; the implementations
// come from another package. A call through such an interface reaches the
// types the package converts to it.
package app

import "consumerifaces/nat"

type refresher interface{ Refresh() } // want Refresh:`summary\(arg0 calls \(\*nat.NAT\).Refresh @nat if arg0 is consumerifaces/nat.NAT\)`

func viaVariable() {
	var r refresher = nat.New()
	go func() {
		r.Refresh() // want `calls \(\*nat.NAT\).Refresh on @nat state off its owner`
	}()
}

type mapper struct{ r refresher }

func viaField() {
	m := &mapper{r: nat.New()}
	go func() {
		m.r.Refresh() // want `calls \(\*nat.NAT\).Refresh on @nat state off its owner`
	}()
}

// Look-alike: only the safe view is converted to the interface; the NAT is
// used as itself, on no goroutine.
func viaSafeView() {
	n := nat.New()
	_ = n
	var r refresher = nat.Mapping{}
	go func() {
		r.Refresh()
	}()
}
