// Package explainsyntax has nothing confined in reach: it takes the syntax
// path under -explain too (-explain only explains), which says what it
// inferred of its functions.
package explainsyntax

import "time"

func Later(f func()) { // want `explain: explainsyntax.Later is an inferred async sink of f: it hands it to time.AfterFunc \(explainsyntax.go:\d+\)` Later:`summary\(async arg0\)`
	time.AfterFunc(time.Second, f)
}

func Spawn(g func()) { // want `explain: explainsyntax.Spawn is an inferred async sink of g: it hands it to a go statement \(explainsyntax.go:\d+\)` Spawn:`summary\(async arg0\)`
	go func() { g() }()
}

// Look-alike: calling f here makes no sink, and nothing to explain.
func Now(f func()) { f() }
