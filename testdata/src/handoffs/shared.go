package handoffs

import "handoffs/service"

// Values that other running code shares with the code a go statement
// starts are not handed off: the goroutine's touches are the findings.

// A constructor, here or in another package, that started the value's loop.
func fromRunningConstructor() {
	s := service.New()
	go func() {
		s.Bump() // want `calls \(\*service.Service\).Bump on @svc state off its owner`
	}()
}

func newRunningBatch() *Batch {
	b := &Batch{}
	go flush(b)
	return b
}

func fromLocalConstructor() {
	b := newRunningBatch()
	go func() {
		b.n++ // want `writes confined handoffs.Batch.n off the owner`
	}()
}

// A Start that runs the loop on the value, called before the hand-off.
func afterStart() {
	s := service.Idle()
	s.Start()
	go func() {
		s.Bump() // want `calls \(\*service.Service\).Bump on @svc state off its owner`
	}()
}

// Two go statements with one value.
func twoGoroutines() {
	b := &Batch{}
	go flush(b)
	go func() {
		b.n++ // want `writes confined handoffs.Batch.n off the owner`
	}()
}

// A method of the value started first (go m.run(); go func() {...}()).
func (b *Batch) drain() {
	for range b.items { // want `calls confined \(\*handoffs.Batch\).drain off the owner: this code runs via a go statement \(shared.go:\d+\); inside, it reads handoffs.Batch.items;`
		b.n-- // want `calls confined \(\*handoffs.Batch\).drain off the owner`
	}
}

func methodStartedFirst() {
	b := &Batch{}
	go b.drain()
	go func() {
		b.n++ // want `writes confined handoffs.Batch.n off the owner`
	}()
}

// Touched again by a method call after the go statement (go func() {
// app.Post(...) }(); app.Wait()).
func (b *Batch) wait() { b.n = 0 }

func touchedByMethodAfter() {
	b := &Batch{}
	go func() {
		b.n++ // want `writes confined handoffs.Batch.n off the owner`
	}()
	b.wait()
}

// Look-alikes: made by a constructor that starts nothing, set up before
// the go statement, and only then handed off: the goroutine's own.
func fromIdleConstructor() {
	s := service.Idle()
	go func() {
		s.Bump()
	}()
}

func setUpBefore() {
	b := &Batch{}
	b.wait()
	b.items = append(b.items, "x")
	go func() {
		b.n++
	}()
}

// Another package's state whose loop this package cannot see: the advice
// is still to hand the work to its owner.
func countLater(c *service.Counter) {
	go func() {
		c.Add() // want `calls confined \(\*service.Counter\).Add off the owner: .*fix: hand the work to the owner`
	}()
}
