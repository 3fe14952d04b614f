// Package stored: a store that keeps copies of a type's values under its
// lock (a fake remote appending the entries pushed to it) hands none of
// the values a loop keeps by pointer: the loop's entries, which a check
// goroutine writes, are proposed owned. Look-alike: a store keeping the
// pointers themselves under its lock shares the notes with whoever
// locks it, no one owner's.
package stored

import "sync"

type Entry struct { // want `suggest for stored\.Entry: //confined:owner: code off the owner \(func literal in \(\*stor`
	Title string
	Score int
}

type Note struct {
	Text string
	Seen int
}

type Remote struct {
	mu     sync.Mutex
	pushed []Entry
	notes  []*Note
}

func (r *Remote) Push(e Entry) { // want Push:`reads suggestcopies/stored\.Remote\.pushed`
	r.mu.Lock()
	r.pushed = append(r.pushed, e)
	r.mu.Unlock()
}

func (r *Remote) Pin(n *Note) { // want Pin:`reads suggestcopies/stored\.Remote\.notes`
	r.mu.Lock()
	r.notes = append(r.notes, n)
	r.mu.Unlock()
}

type Book struct { // want `suggest for stored\.Book: //confined:owner: code on the owner \(\(\*stored\.Book\)\.run\) `
	in      chan string
	entries []*Entry
	notes   []*Note
	remote  *Remote
}

func New(r *Remote) *Book { // want New:`summary\(started result; starts a loop\)`
	b := &Book{in: make(chan string), remote: r}
	go b.run()
	return b
}

func (b *Book) run() { // want `suggest for \(\*stored\.Book\)\.run: //confined:loop: a goroutine runs it \(go statement i` run:`confined:loop`
	for t := range b.in {
		e := &Entry{Title: t}
		n := &Note{Text: t}
		b.entries = append(b.entries, e)
		b.notes = append(b.notes, n)
		b.remote.Push(*e)
		b.remote.Pin(n)
		b.check()
		println(b.entries[0].Score, b.notes[0].Seen)
	}
}

func (b *Book) check() {
	entries, notes := b.entries, b.notes
	go func() {
		for _, e := range entries {
			e.Score++
		}
		for _, n := range notes {
			n.Seen++
		}
	}()
}
