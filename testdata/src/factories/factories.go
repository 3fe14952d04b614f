// Package factories: a func value a call returns, from a function of the
// package that returns a closure it makes (a task or handler factory), is
// that closure, bound to what the call passes.
package factories

import (
	"sync"
	"time"
)

//confined:owner
type fetcher struct { // want fetcher:"confined:owner"
	results map[string]int
	inbox   chan func()
	peer    *fetcher
}

// task returns the work for one key: the closure captures the receiver.
func (f *fetcher) task(k string) func() {
	return func() {
		f.results[k] = len(k) // want `writes confined factories.fetcher.results off the owner: this code runs via \(\*sync.WaitGroup\).Go \(factories.go:\d+\)` `writes confined factories.fetcher.results off the owner: this code runs via time.AfterFunc \(factories.go:\d+\)`
	}
}

func (f *fetcher) all(keys []string) {
	var wg sync.WaitGroup
	for _, k := range keys {
		wg.Go(f.task(k))
	}
	wg.Wait()
}

func (f *fetcher) retry(k string) {
	time.AfterFunc(time.Second, f.task(k))
}

//confined:hop fn
func (f *fetcher) post(fn func()) { f.inbox <- fn }

// Look-alike: the same factory's closure handed to the owner's hop runs
// on the owner.
func (f *fetcher) later(k string) {
	go func() {
		f.post(f.task(k))
	}()
}

// Look-alike: a factory whose closure touches only a value the factory
// made for it alone: the started code's own, one per call.
func counter() func() {
	f := &fetcher{results: map[string]int{}}
	return func() {
		f.results["n"]++
	}
}

func count() {
	go counter()()
	time.AfterFunc(time.Second, counter())
}

// A factory capturing a buffer it makes beside the receiver: the closure
// is still followed, and its touch of the receiver is one.
func (f *fetcher) copier(k string) func() {
	buf := make([]byte, 0, len(k))
	return func() {
		buf = append(buf, k...)
		f.results[string(buf)]++ // want `writes confined factories.fetcher.results off the owner: this code runs via a go statement \(factories.go:\d+\)`
	}
}

func (f *fetcher) copyLater(k string) { go f.copier(k)() }

// A factory that keeps what it makes in the receiver too shares it.
func (f *fetcher) child() func() {
	c := &fetcher{results: map[string]int{}}
	f.results["child"] = len(c.results)
	f.peer = c
	return func() {
		c.results["n"]++ // want `writes confined factories.fetcher.results off the owner: this code runs via a go statement \(factories.go:\d+\)`
	}
}

func (f *fetcher) childLater() { go f.child()() }
