package ownership

import (
	"cmp"
	"time"
)

// What a call through a func value that nothing resolves returns comes from
// what the value holds: a getter handed in, a method value bound to its
// receiver. Off-owner code touching it touches state from outside.

func throughGetter(get func() *server) {
	time.AfterFunc(time.Second, func() {
		get().n++ // want `writes confined ownership.server.n off the owner`
	})
}

func throughGetterWithArgument(get func(int) *server) {
	time.AfterFunc(time.Second, func() {
		get(1).n++ // want `writes confined ownership.server.n off the owner`
	})
}

func throughMethodValue(h *hub) {
	get := h.server
	time.AfterFunc(time.Second, func() {
		get().n++ // want `writes confined ownership.server.n off the owner`
	})
}

// Look-alike: a func value the off-owner code makes itself, returning a
// value it allocates, gives it its own value.
func throughOwnGetter() {
	time.AfterFunc(time.Second, func() {
		get := func() *server { return newServer() }
		get().n++
	})
}

// The arguments of a variadic call travel in a slice the caller fills: a
// helper returning one of them (cmp.Or) returns a value from outside.
func throughVariadic(s *server) {
	go func() {
		cmp.Or(s, nil).n++ // want `writes confined ownership.server.n off the owner`
	}()
}
