package builtonly

import "time"

// A field built only that shares its line with one the package writes
// (`label, hits int`): a directive on that line would free both, so the
// advice is a line of its own, and no edit is offered. Look-alike: two
// fields on one line both built only are marked at once.

//confined:owner
type V struct { // want V:"confined:owner"
	label, hits string
	host, port  string
}

func NewV() *V { return &V{label: "v", host: "h", port: "p"} }

func (v *V) hit() { v.hits += "x" }

func (v *V) later() {
	time.AfterFunc(time.Second, func() {
		println(v.label) // want `reads confined builtonly.V.label off the owner: .*fix: if label never changes once its value is built \(nothing in this package assigns it elsewhere\), give it a line of its own and mark it //confined:any \(a directive on its line would free hits too, which must stay confined\); else no loop runs the owner`
		println(v.host)  // want `reads confined builtonly.V.host off the owner: .*fix: if host never changes once its value is built \(nothing in this package assigns it elsewhere\), mark the field //confined:any; else no loop runs the owner`
		println(v.port)  // want `reads confined builtonly.V.port off the owner: .*fix: if port never changes once its value is built \(nothing in this package assigns it elsewhere\), mark the field //confined:any; else no loop runs the owner`
	})
}
