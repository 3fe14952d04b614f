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
