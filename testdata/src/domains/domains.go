// Package domains checks a program with two owners: a coordinator (@coord)
// and an auditor (@audit), each with its own loop. Code on one owner that
// touches the other's state is reported, and so is a value the coordinator
// keeps using after sending it to the auditor.
package domains

import "time"

// Book is the coordinator's ledger.
//
//confined:owner @coord
type Book struct { // want Book:"confined:owner@coord"
	failed []string
	n      int
}

// Failed records a failure.
func (b *Book) Failed(why string) { b.failed = append(b.failed, why) } // want Failed:`summary\(arg0 writes domains.Book.failed @coord\)` `calls \(\*domains.Book\).Failed after sending \*domains.Book to @audit \(domains.go:\d+\): once sent, it is @audit's; inside, it writes domains.Book.failed; fix: leave it alone once sent` `calls \(\*domains.Book\).Failed on @coord state from the @audit loop \(domains.go:\d+\); path \(\*domains.Auditor\).receive → \(\*domains.Book\).Failed; inside, it writes domains.Book.failed; fix: hop to @coord through domains.later and touch the state there`

// Coord is the coordinator's state; closures sent to inbox run on its loop.
//
//confined:owner @coord
type Coord struct { // want Coord:"confined:owner@coord"
	book    *Book
	auditor *Auditor
	inbox   chan func()
}

// Auditor is the auditor's state; its loop reads inbox.
//
//confined:owner @audit
type Auditor struct { // want Auditor:"confined:owner@audit"
	inbox   chan any
	urgent  chan *Book
	queries chan *query
	seen    int
}

type auditMsg struct{ B *Book }

// run is the coordinator's loop.
//
//confined:loop @coord
func (c *Coord) run() { // want run:`confined:loop@coord`
	for f := range c.inbox {
		f()
		settle(c.book) // the coordinator's own: fine
	}
}

// run is the auditor's loop.
//
//confined:loop @audit
func (a *Auditor) run() { // want run:`confined:loop@audit`
	for {
		select {
		case m := <-a.inbox:
			a.receive(m)
		case b := <-a.urgent:
			b.n++ // want `writes @coord state domains.Book.n from the @audit loop`
		case q := <-a.queries:
			q.answer = a.seen
			close(q.done)
		}
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
//confined:owner @coord
func settle(b *Book) { b.n = 0 } // want `calls domains.settle on @coord state from the @audit loop`

// peek runs on the auditor but reads the coordinator's book.
//
//confined:owner @audit
func (a *Auditor) peek(c *Coord) int {
	return c.book.n // want `reads @coord state domains.Coord.book from \(\*domains.Auditor\).peek, which runs on @audit`
}

// post runs f on the auditor's loop: the hop's domain is its receiver's.
//
//confined:hop
func (a *Auditor) post(f func()) { a.inbox <- f }

// later runs f on the coordinator's loop, whatever its receiver.
//
//confined:hop @coord
func later(c chan func(), f func()) { c <- f }

func (c *Coord) checkLater() {
	a := c.auditor
	a.post(func() {
		a.seen++ // @audit state on @audit: fine
	})
	a.post(func() {
		c.book.n++ // want `writes @coord state domains.Book.n from code that \(\*domains.Auditor\).post runs on @audit`
	})
	// The callback touching the coordinator's own book on @audit is the
	// finding; the book was not handed over, and stays the coordinator's.
	c.book.n--
	later(c.inbox, func() {
		c.book.n++ // back on @coord: fine
		a.seen--   // want `writes @audit state domains.Auditor.seen from code that domains.later runs on @coord .*; fix: hop to @audit through \(\*domains.Auditor\).post and touch the state there`
	})
}

// audit sends the book to the auditor and keeps using it.
func (c *Coord) audit() {
	c.auditor.inbox <- auditMsg{B: c.book}
	c.book.Failed("sent")
}

// escalate sends the book through a select case of the auditor's loop.
func (c *Coord) escalate() {
	c.auditor.urgent <- c.book
	if c.book.n > 3 { // want `reads domains.Book.n after sending \*domains.Book to @audit`
		return
	}
}

// A query is a request the auditor answers: it is the auditor's once sent,
// and the asker's again once answered.
//
//confined:owner @audit
type query struct { // want query:"confined:owner@audit"
	done   chan struct{}
	answer int
}

func (q *query) wait() { <-q.done }

// ask waits for the answer, through a method, before reading it.
func (c *Coord) ask() int {
	q := &query{done: make(chan struct{})}
	c.auditor.queries <- q
	q.wait()
	return q.answer
}

// askDirect waits on the reply channel itself.
func (c *Coord) askDirect() int {
	q := &query{done: make(chan struct{})}
	c.auditor.queries <- q
	<-q.done
	return q.answer
}

// askAndPeek reads before the answer came: the auditor may be writing it.
func (c *Coord) askAndPeek() int {
	q := &query{done: make(chan struct{})}
	c.auditor.queries <- q
	n := q.answer // want `reads domains.query.answer after sending \*domains.query to @audit`
	q.wait()
	return n
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
//confined:owner @audit
type Report struct { // want Report:"confined:owner@audit"
	lines int
}

// hopAway hands a report to a callback of the auditor's hop, which takes it
// over, and keeps writing it.
func (c *Coord) hopAway() {
	r := &Report{}
	r.lines++ // its own, before the handover: fine
	c.auditor.post(func() { r.lines++ })
	r.lines++ // want `writes domains.Report.lines after sending \*domains.Report to @audit`
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
		c.book.n++ // want `writes @coord state domains.Book.n off its owner: this code runs via time.AfterFunc \(domains.go:\d+\)`
	})
}
