// Package app calls raft through its interface from a timer.
package app

import (
	"fmt"
	"ifaces/raft"
	"io"
	"time"
)

func tickLater(n raft.Node) {
	time.AfterFunc(time.Second, func() {
		n.Tick() // want `calls confined \(\*raft.node\).Tick off the owner: this code runs via time.AfterFunc \(app.go:12\)(; inside, [^;]*)?; fix: `
		_ = n.Status()
		n.Stop()
	})
}

//confined:owner
type buffer struct { // want buffer:"confined:owner"
	data []byte
}

func (b *buffer) Write(p []byte) (int, error) { // want Write:`summary\(arg0 writes app.buffer.data`
	b.data = append(b.data, p...)
	return len(p), nil
}

func (b *buffer) String() string { return string(b.data) } // want String:`summary\(arg0 reads app.buffer.data`

// Look-alike negative: io.Writer and fmt.Stringer are implemented by
// confined types all over, but only implementations in the interface's own
// package count, so these calls stay silent.
func writeLater(w io.Writer, s fmt.Stringer) {
	time.AfterFunc(time.Second, func() {
		w.Write([]byte("x"))
		_ = s.String()
	})
}

// A confined interface: every call of its methods must run on the owner,
// except those marked :any.
//
//confined:owner
type view interface { // want view:"confined:owner"
	render()
	//confined:any
	id() int
}

func drawLater(v view) {
	time.AfterFunc(time.Second, func() {
		v.render() // want `calls confined \(app.view\).render off the owner`
		_ = v.id()
	})
}
