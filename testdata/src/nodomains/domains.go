// Package domains checks a program with two owners: a coordinator (@coord)
// and an auditor (@audit), each with its own loop. Code on one owner that
// touches the other's state is reported, and so is a value the coordinator
// keeps using after sending it to the auditor.
package nodomains

import "time"

// Book is the coordinator's ledger.
//
//confined:owner
type Book struct { // want Book:"confined:owner"
	failed []string
	n      int
}

// Failed records a failure.
func (b *Book) Failed(why string) { b.failed = append(b.failed, why) } // want Failed:`summary\(arg0 writes nodomains.Book.failed\)`

// Coord is the coordinator's state; closures sent to inbox run on its loop.
//
//confined:owner
type Coord struct { // want Coord:"confined:owner"
	book    *Book
	auditor *Auditor
	inbox   chan func()
}

// Auditor is the auditor's state; its loop reads inbox.
//
//confined:owner
type Auditor struct { // want Auditor:"confined:owner"
	inbox chan any
	seen  int
}

type auditMsg struct{ B *Book }

// run is the coordinator's loop.
//
//confined:loop
func (c *Coord) run() { // want run:`confined:loop`
	for f := range c.inbox {
		f()
		settle(c.book) // the coordinator's own: fine
	}
}

// run is the auditor's loop.
//
//confined:loop
func (a *Auditor) run() { // want run:`confined:loop`
	for m := range a.inbox {
		a.receive(m)
	}
}

func (a *Auditor) receive(m any) {
	a.seen++ // the auditor's own state: fine
	if am, ok := m.(auditMsg); ok {
		am.B.Failed("audit")
		settle(am.B)
	}
}

// settle must run on the coordinator.
//
//confined:owner
func settle(b *Book) { b.n = 0 }

// peek runs on the auditor but reads the coordinator's book.
//
//confined:owner
func (a *Auditor) peek(c *Coord) int {
	return c.book.n
}

// post runs f on the auditor's loop: the hop's domain is its receiver's.
//
//confined:hop
func (a *Auditor) post(f func()) { a.inbox <- f }

// later runs f on the coordinator's loop, whatever its receiver.
//
//confined:hop
func later(c chan func(), f func()) { c <- f }

func (c *Coord) checkLater() {
	a := c.auditor
	a.post(func() {
		a.seen++ // @audit state on @audit: fine
	})
	a.post(func() {
		c.book.n++
	})
	later(c.inbox, func() {
		c.book.n++ // back on @coord: fine
		a.seen--
	})
}

// audit sends the book to the auditor and keeps using it.
func (c *Coord) audit() {
	c.auditor.inbox <- auditMsg{B: c.book}
	c.book.Failed("sent")
}

// handOver sends a book and leaves it.
func (c *Coord) handOver() {
	b := &Book{}
	b.Failed("new")
	c.auditor.inbox <- auditMsg{B: b}
}

// replace sends the book and starts a new one: the touches after are of
// the new book.
func (c *Coord) replace() {
	c.auditor.inbox <- auditMsg{B: c.book}
	c.book = &Book{}
	c.book.Failed("fresh")
}

// Report is the auditor's: the coordinator fills one in and hands it over.
//
//confined:owner
type Report struct { // want Report:"confined:owner"
	lines int
}

// hopAway hands a report to a callback of the auditor's hop, which takes it
// over, and keeps writing it.
func (c *Coord) hopAway() {
	r := &Report{}
	r.lines++ // its own, before the handover: fine
	c.auditor.post(func() { r.lines++ })
	r.lines++
}

// hopAndLeave hands a report over and leaves it; the callback that only
// holds the book does not take it over.
func (c *Coord) hopAndLeave() {
	r, b := &Report{}, c.book
	c.auditor.post(func() { r.lines++; _ = b })
	b.n++
}

// timer is off every owner: the findings are as in a program without names.
func (c *Coord) timer() {
	time.AfterFunc(time.Second, func() {
		c.book.n++ // want `writes confined nodomains.Book.n off the owner: this code runs via time.AfterFunc \(domains.go:\d+\); fix: hop back to the owner through`
	})
}
