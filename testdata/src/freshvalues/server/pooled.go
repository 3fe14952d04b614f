package server

import (
	"sync"
	"time"
)

// A value taken from a sync.Pool is the taker's alone until it puts it
// back: filling it off the owner touches nobody's state.

//confined:owner
type encBuffer struct{ b []byte } // want encBuffer:"confined:owner"

var encPool = sync.Pool{New: func() any { return &encBuffer{} }}

func encodeLater() {
	time.AfterFunc(time.Second, func() {
		e := encPool.Get().(*encBuffer)
		e.b = append(e.b[:0], 'x')
		encPool.Put(e)
	})
}

// Look-alike: one buffer for all, in a package variable.
var sharedBuffer = &encBuffer{}

func encodeShared() {
	time.AfterFunc(time.Second, func() {
		sharedBuffer.b = sharedBuffer.b[:0] // want `writes confined server.encBuffer.b off the owner`
	})
}
