package startedloops

import (
	"context"

	"startedloops/worker"
)

// A registry embeds another package's executor as its loop: go r.Run(ctx)
// starts it on r.Executor, and what r holds beside it is shared with that
// loop as r is. The code that started it goes on beside it.
//
//confined:owner @exec
type registry struct { // want registry:`confined:owner@exec`
	*worker.Executor
	hooks map[int]string
}

func newRegistry() *registry {
	return &registry{Executor: worker.NewExecutor(), hooks: map[int]string{}}
}

func (r *registry) add(id int, name string) { r.hooks[id] = name } // want `calls \(\*startedloops\.registry\)\.add on @exec state off its owner: this code runs via the code that started the loop \(\*worker\.Executor\)\.Run, which goes on beside it \(embedded\.go:27\); inside, it writes startedloops\.registry\.hooks; fix: hop back to @exec through \(\*worker\.Executor\)\.Post and touch the state there` `calls \(\*startedloops\.registry\)\.add on @exec state off its owner: this code runs via the code that started the loop \(\*worker\.Executor\)\.Run, which goes on beside it \(embedded\.go:39\); inside, it writes startedloops\.registry\.hooks; fix: hop back to @exec through \(\*worker\.Executor\)\.Post and touch the state there`

func AddLate(ctx context.Context) { // want AddLate:`summary\(started arg0; starts a loop\)`
	r := newRegistry()
	go r.Run(ctx)
	r.add(1, "late")
}

// A helper that starts the registry returns it started.
func startRegistry(ctx context.Context) *registry {
	r := newRegistry()
	go r.Run(ctx)
	return r
}

func AddToStarted(ctx context.Context) { // want AddToStarted:`summary\(started arg0; starts a loop\)`
	r := startRegistry(ctx)
	r.add(2, "started")
}

// Look-alike: added before the start.
func AddEarly(ctx context.Context) { // want AddEarly:`summary\(started arg0; starts a loop\)`
	r := newRegistry()
	r.add(1, "early")
	go r.Run(ctx)
}

// Look-alike: posted to the loop after the start.
func AddPosted(ctx context.Context) { // want AddPosted:`summary\(started arg0; starts a loop\)`
	r := newRegistry()
	go r.Run(ctx)
	r.Post(func() { r.add(1, "posted") })
}

// A constructor that keeps a started cache in one field of the value it
// builds, and makes a fresh cache for another, touches the fresh one: what
// it stores in one field is no part of another.
type front struct {
	upstream *Cache
	local    *Cache
}

func newFront(up *Cache) *front {
	f := &front{upstream: up}
	f.local = &Cache{items: map[string]string{}}
	f.local.hits++
	return f
}

func FrontOfStarted() *front { return newFront(New()) }

// Look-alike: one that touches the cache it was handed touches the started
// one.
func newWarmFront(up *Cache) *front {
	f := &front{upstream: up}
	f.upstream.hits++ // want `writes confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop \(\*startedloops\.Cache\)\.run`
	return f
}

func WarmFrontOfStarted() *front { return newWarmFront(New()) }
