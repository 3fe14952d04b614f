// Package twoactors shows two owners in one program: a coordinator that
// keeps a book of failed jobs and an auditor that looks at it, each an
// actor with a loop of its own. The coordinator's loop is the @coord
// domain, the auditor's the @audit domain. run sends the auditor the live
// book and goes on writing it: the auditor reads it on its loop while the
// coordinator appends on its own. runFixed sends a copy. Run confinecheck on
// it to see the findings; the race test shows the race.
package twoactors

import "slices"

// Book is the coordinator's record of failed jobs.
//
//confined:owner @coord
type Book struct { // want Book:"confined:owner@coord"
	failed []string
}

// add records a failed job.
func (b *Book) add(job string) { b.failed = append(b.failed, job) } // want `calls \(\*twoactors.Book\).add after sending \*twoactors.Book to @audit \(twoactors.go:\d+\)`

// count is the number of failed jobs.
func (b *Book) count() int { return len(b.failed) } // want `calls \(\*twoactors.Book\).count after sending` `calls \(\*twoactors.Book\).count on @coord state from the @audit loop \(twoactors.go:\d+\)`

// A Coordinator learns of failed jobs on its loop.
//
//confined:owner @coord
type Coordinator struct { // want Coordinator:"confined:owner@coord"
	book    *Book
	auditor *Auditor
	Jobs    chan string // failed jobs, for the loop
}

// newCoordinator returns a coordinator that reports to auditor.
func newCoordinator(auditor *Auditor) *Coordinator {
	return &Coordinator{book: &Book{}, auditor: auditor, Jobs: make(chan string)}
}

// run is the coordinator's loop. Every tenth failure it sends the auditor
// its book, and keeps writing it.
//
//confined:loop @coord
func (c *Coordinator) run() { // want run:`confined:loop@coord`
	for job := range c.Jobs {
		c.book.add(job)
		if c.book.count()%10 == 0 {
			c.auditor.Inbox <- c.book
		}
	}
	close(c.auditor.Inbox)
}

// runFixed is the same loop sending a copy of the failures: the auditor
// owns the copy, the coordinator keeps its book.
//
//confined:loop @coord
func (c *Coordinator) runFixed() { // want runFixed:`confined:loop@coord`
	for job := range c.Jobs {
		c.book.add(job)
		if c.book.count()%10 == 0 {
			c.auditor.Copies <- slices.Clone(c.book.failed)
		}
	}
	close(c.auditor.Copies)
}

// An Auditor checks the failures it is sent, on its loop.
//
//confined:owner @audit
type Auditor struct { // want Auditor:"confined:owner@audit"
	Inbox  chan *Book    // live books: the bug
	Copies chan []string // copies: the fix
	seen   int
}

// newAuditor returns an auditor whose loop has not started.
func newAuditor() *Auditor {
	return &Auditor{Inbox: make(chan *Book), Copies: make(chan []string)}
}

// run is the auditor's loop, for books.
//
//confined:loop @audit
func (a *Auditor) run() int { // want run:`confined:loop@audit`
	for b := range a.Inbox {
		a.seen = max(a.seen, b.count())
	}
	return a.seen
}

// runCopies is the auditor's loop, for copies.
//
//confined:loop @audit
func (a *Auditor) runCopies() int { // want runCopies:`confined:loop@audit`
	for failed := range a.Copies {
		a.seen = max(a.seen, len(failed))
	}
	return a.seen
}
