package futures // want package:`hop sinks: actor\.Hop}$`
// This package tests where future callbacks run.

import (
	"actor"
	"future"
	"time"
)

//confined:owner
type state struct { // want state:"confined:owner"
	n    int
	done map[string]bool
}

// endWorker's reply is fulfilled by the owner's loop.
//
//confined:completes owner
func endWorker(s *state) *future.Future[int] { return future.New[int]() }

// A continuation of a timer's future runs on the timer's goroutine.
func afterSleep(s *state) {
	future.Sleep(time.Second, 0).Map(func(v int) int {
		s.n++ // want `writes confined futures.state.n off the owner: this code runs via a callback of \(\*future.Future\[T\]\).Map on a future that completes off the owner`
		return v
	})
}

// A future picked on one branch of two completes where either may: the
// join of the branches, even when the second alone completes off the owner.
func eitherBranch(s *state, reply bool) {
	f := endWorker(s)
	if !reply {
		f = future.Sleep(time.Second, 0)
	}
	f.Map(func(v int) int {
		s.n++ // want `writes confined futures.state.n off the owner: this code runs via a callback of \(\*future.Future\[T\]\).Map on a future that completes off the owner`
		return v
	})
}

// Look-alike negative: a continuation of an RPC whose reply the owner fulfils.
func afterReply(s *state) {
	endWorker(s).Map(func(v int) int {
		s.n++
		return v
	})
}

// The combinator's result completes where its receiver does: a chain keeps
// running off the owner.
func chained(s *state) {
	future.Sleep(time.Second, 0).Map(func(v int) int { return v }).OnComplete(func(int) {
		s.n++ // want `writes confined futures.state.n off the owner`
	})
}

// Graceful stops complete on a pool goroutine; collecting them does not
// bring the callback home.
func markTerminated(s *state, stops []chan int) {
	var fs []*future.Future[int]
	for _, ch := range stops {
		fs = append(fs, future.External(ch))
	}
	future.Collect(fs).OnComplete(func([]int) {
		s.done["w1"] = true // want `writes confined futures.state.done off the owner`
	})
}

// The fix: the completion only wakes the owner.
func markTerminatedOnOwner(self *actor.Ref, s *state, stops []chan int) {
	var fs []*future.Future[int]
	for _, ch := range stops {
		fs = append(fs, future.External(ch))
	}
	future.Collect(fs).OnComplete(func([]int) {
		self.Execute(func() { s.done["w1"] = true })
	})
}

// A FlatMap whose callback hops to the owner completes on the owner, so
// what follows runs there.
func hopThenContinue(self *actor.Ref, s *state) {
	future.Sleep(time.Second, 0).FlatMap(func(v int) *future.Future[int] {
		return actor.Hop(self, func() *future.Future[int] { s.n++; return future.Value(v) })
	}).OnComplete(func(int) {
		s.n++
	})
}

// Futures nobody declared complete on the owner unless -strict.
func undeclared(s *state) {
	future.Value(1).Map(func(v int) int {
		s.n++
		return v
	})
}

// A callback registered on a future the function is handed runs wherever
// the caller's future completes.
func mark(s *state, stopped *future.Future[int]) {
	stopped.OnComplete(func(int) { s.n++ }) // want `writes confined futures.state.n off the owner: this code runs via a callback that futures.mark registers on a future that completes off the owner \(futures.go:\d+\); path futures.mark → func literal in futures.mark → futures.state.n` `writes confined futures.state.n off the owner: this code runs via a callback that futures.forward registers`
}

func stopAll(s *state, ch chan int) {
	mark(s, future.External(ch))
}

// Through a second function that passes the future on.
func forward(s *state, f *future.Future[int]) { mark(s, f) }

func stopAllForwarded(s *state, ch chan int) {
	forward(s, future.External(ch))
}

// Look-alike negative: a future the owner's loop completes.
func stopAllOnOwner(s *state) {
	mark(s, endWorker(s))
	forward(s, endWorker(s))
}

// A venue's orders are sent through an interface; one implementation
// hands them to a worker pool, so the futures Send returns complete off the
// owner wherever it is called through the interface.
type venue interface {
	Send(order int) *future.Future[int]
}

type pooledVenue struct{ queue chan int }

//confined:completes async
func (v *pooledVenue) Send(order int) *future.Future[int] { return future.New[int]() } // want Send:"confined:completes async" Send:`summary\(\)`

type inlineVenue struct{}

func (inlineVenue) Send(order int) *future.Future[int] { return future.New[int]() }

func routed(s *state, v venue) {
	v.Send(1).Map(func(x int) int {
		s.n++ // want `writes confined futures.state.n off the owner: this code runs via a callback of \(\*future.Future\[T\]\).Map on a future that completes off the owner`
		return x
	})
}

// Look-alike negative: an interface none of whose implementations in view
// completes off the owner.
type clock interface {
	Tick() *future.Future[int]
}

type ownerClock struct{}

//confined:completes owner
func (ownerClock) Tick() *future.Future[int] { return future.New[int]() } // want Tick:"confined:completes owner"

func ticked(s *state, c clock) {
	c.Tick().Map(func(x int) int {
		s.n++
		return x
	})
}

var _ = []venue{&pooledVenue{}, inlineVenue{}}
var _ clock = ownerClock{}
