// Package syncfuncs pins down callbacks that run synchronously on their
// caller (docs/directives.md: "Not sinks: (*sync.Once).Do, sync.OnceFunc,
// sort.Slice, slices.SortFunc and the like run the callback on the
// caller"). Used on the owner they are quiet; used inside off-owner code they
// run off the owner too, and the finding is reported inside the innermost
// literal, at the touching line.
package syncfuncs

import (
	"cmp"
	"slices"
	"sort"
	"sync"
	"time"
)

//confined:owner
type server struct { // want server:"confined:owner"
	n     int
	items []int
	once  sync.Once
}

func (s *server) bump() { s.n++ } // want `calls confined \(\*syncfuncs.server\).bump off the owner: this code runs via time.AfterFunc \(syncfuncs.go:\d+\)(; path [^$]*)?(; inside, [^;]*)?; fix: `

func newServer() *server { return &server{} }

// apply calls its func parameter on the caller's goroutine.
func apply(f func()) { f() }

// applyTwice goes through apply: still on the caller's goroutine.
func applyTwice(f func()) {
	apply(f)
	apply(f)
}

// later sends its func parameter off the owner: an inferred async sink.
func later(f func()) { go f() }

var counter int

// On the owner: no finding.

func onOwner(s *server, once *sync.Once, xs []int) {
	once.Do(func() { s.n++ })
	s.once.Do(s.bump)
	f := sync.OnceFunc(func() { s.bump() })
	f()
	g := sync.OnceValue(func() int { return s.n })
	_ = g()
	sort.Slice(xs, func(i, j int) bool { return xs[i]+s.n < xs[j] })
	sort.SliceStable(s.items, func(i, j int) bool { return s.items[i] < s.items[j] })
	slices.SortFunc(xs, func(a, b int) int { return cmp.Compare(a, b+s.n) })
	_ = slices.IndexFunc(xs, func(x int) bool { return x == s.n })
	defer func() { s.n++ }()
	apply(func() { s.bump() })
	applyTwice(func() { s.n-- })
	func() { s.n++ }()
}

// Look-alike positive on the owner: a helper that spawns its parameter.
func onOwnerButSpawned(s *server) {
	later(func() {
		s.n++ // want `writes confined syncfuncs.server.n off the owner: this code runs via syncfuncs.later`
	})
}

// Inside off-owner code: findings, inside the innermost literal.

func onceDoOff(s *server, once *sync.Once) {
	time.AfterFunc(time.Second, func() {
		once.Do(func() {
			s.n++ // want `writes confined syncfuncs.server.n off the owner: this code runs via time.AfterFunc \(syncfuncs.go:\d+\)(; inside, [^;]*)?; fix: `
		})
	})
}

func onceDoMethodValueOff(s *server) {
	time.AfterFunc(time.Second, func() {
		s.once.Do(s.bump)
	})
}

func onceFuncOff(s *server) {
	time.AfterFunc(time.Second, func() {
		f := sync.OnceFunc(func() {
			s.bump() // want `calls confined \(\*syncfuncs.server\).bump off the owner: this code runs via time.AfterFunc`
		})
		f()
	})
}

func onceValueOff(s *server) {
	go func() {
		g := sync.OnceValue(func() int {
			return s.n // want `reads confined syncfuncs.server.n off the owner: this code runs via a go statement`
		})
		counter = g()
	}()
}

func sortSliceOff(s *server, xs []int) {
	time.AfterFunc(time.Second, func() {
		sort.Slice(xs, func(i, j int) bool {
			return xs[i]+s.n < xs[j] // want `reads confined syncfuncs.server.n off the owner: this code runs via time.AfterFunc`
		})
	})
}

func slicesSortFuncOff(s *server, xs []int) {
	time.AfterFunc(time.Second, func() {
		slices.SortFunc(xs, func(a, b int) int {
			return cmp.Compare(a, b+s.n) // want `reads confined syncfuncs.server.n off the owner: this code runs via time.AfterFunc`
		})
	})
}

func slicesIndexFuncOff(s *server, xs []int) {
	time.AfterFunc(time.Second, func() {
		_ = slices.IndexFunc(xs, func(x int) bool {
			return x == s.n // want `reads confined syncfuncs.server.n off the owner: this code runs via time.AfterFunc`
		})
	})
}

func deferOff(s *server) {
	time.AfterFunc(time.Second, func() {
		defer func() {
			s.n++ // want `writes confined syncfuncs.server.n off the owner: this code runs via time.AfterFunc`
		}()
	})
}

func calledInPlaceOff(s *server) {
	go func() {
		func() {
			s.bump() // want `calls confined \(\*syncfuncs.server\).bump off the owner: this code runs via a go statement`
		}()
	}()
}

func helperOff(s *server) {
	time.AfterFunc(time.Second, func() {
		apply(func() {
			s.bump() // want `calls confined \(\*syncfuncs.server\).bump off the owner: this code runs via time.AfterFunc`
		})
	})
}

func helperTwoDeepOff(s *server) {
	time.AfterFunc(time.Second, func() {
		applyTwice(func() {
			s.n-- // want `writes confined syncfuncs.server.n off the owner: this code runs via time.AfterFunc`
		})
	})
}

func nestedOff(s *server, once *sync.Once) {
	time.AfterFunc(time.Second, func() {
		apply(func() {
			once.Do(func() {
				s.n++ // want `writes confined syncfuncs.server.n off the owner: this code runs via time.AfterFunc`
			})
		})
	})
}

// Look-alike negatives: the same helpers off the owner, touching only
// unconfined state or a server the off-owner code made itself.

func offUnconfined(once *sync.Once, xs []int) {
	time.AfterFunc(time.Second, func() {
		once.Do(func() { counter++ })
		sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
		slices.SortFunc(xs, func(a, b int) int { return cmp.Compare(a, b) })
		defer func() { counter-- }()
		apply(func() { counter++ })
		f := sync.OnceFunc(func() { counter++ })
		f()
	})
}

func offOwnServer(once *sync.Once) {
	go func() {
		s := newServer()
		once.Do(func() { s.n++ })
		apply(func() { s.bump() })
		defer func() { s.n-- }()
		f := sync.OnceFunc(func() { s.bump() })
		f()
		sort.Slice(s.items, func(i, j int) bool { return s.items[i] < s.items[j] })
	}()
}
