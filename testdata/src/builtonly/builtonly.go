// Package builtonly: a read off the owner of a field that only the code
// building the value writes is advised //confined:any, not a hop.
package builtonly

import "time"

//confined:owner
type S struct { // want S:"confined:owner"
	name string
	n    int
}

func NewS(name string) *S { return &S{name: name} }

func (s *S) bump() { s.n++ }

func (s *S) later() {
	time.AfterFunc(time.Second, func() {
		println(s.name) // want `reads confined builtonly.S.name off the owner: this code runs via time.AfterFunc \(builtonly.go:\d+\); fix: if name never changes once its value is built \(nothing in this package assigns it elsewhere\), mark the field //confined:any; else no loop runs the owner`
		// Look-alike: bump writes n, so the advice stays a hand-off.
		println(s.n) // want `reads confined builtonly.S.n off the owner: this code runs via time.AfterFunc \(builtonly.go:\d+\); fix: no loop runs the owner`
	})
}
