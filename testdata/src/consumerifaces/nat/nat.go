// Package nat is a library whose NAT keeps its loop's state: its
// importers declare their own interfaces for what they use of it.
package nat

//confined:owner @nat
type NAT struct{ ext string } // want NAT:"confined:owner@nat"

// New starts the NAT's loop.
func New() *NAT { // want New:`summary\(started result\)`
	n := &NAT{}
	go n.loop(make(chan string))
	return n
}

//confined:loop @nat
func (n *NAT) loop(ch chan string) { // want loop:"confined:loop@nat"
	for s := range ch {
		n.ext = s
	}
}

// Refresh writes the external address: the loop's to do.
func (n *NAT) Refresh() { n.ext = "" } // want Refresh:`summary\(arg0 writes nat.NAT.ext@nat\)`

// Mapping is a safe read-only view.
type Mapping struct{ port int }

func (m Mapping) Refresh() {}

// A Gateway keeps its external address as its loop's state, field by
// field: the type itself is not confined.
type Gateway struct {
	//confined:owner @nat
	ext string
}

// NewGateway starts the gateway's loop.
func NewGateway() *Gateway { // want NewGateway:`summary\(started result\)`
	g := &Gateway{}
	go g.loop(make(chan string))
	return g
}

//confined:loop @nat
func (g *Gateway) loop(ch chan string) { // want loop:"confined:loop@nat"
	for s := range ch {
		g.ext = s
	}
}

// External reads the address: the loop's to do.
func (g *Gateway) External() string { return g.ext } // want External:`summary\(arg0 reads nat.Gateway.ext@nat\)`
