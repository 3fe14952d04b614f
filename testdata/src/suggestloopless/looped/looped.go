// Package looped: a type whose mutex guards one member, that a loop only
// reads and a goroutine writes, beside the loop. Its fields are the
// loop's one by one, as a type's the loop writes are; the type is not
// proposed whole.
package looped

import (
	"sync"
	"time"
)

// A loop reads what a goroutine counts, beside a map its lock guards: the
// count is the loop's, field by field, as for a type a loop writes.
type tally struct {
	mu    sync.Mutex
	names map[string]bool
	hits  int // want `suggest for field hits: //confined:owner: code off the owner \(\(\*looped\.tally\)\.count\) writes it without a lock, while code on the owner \(\(\*looped\.tally\)\.run\) reads it: it is that owner's`
	in    chan string
}

func newTally() *tally {
	t := &tally{names: map[string]bool{}, in: make(chan string)}
	go t.run()
	go t.count()
	return t
}

func (t *tally) run() { // want `suggest for \(\*looped\.tally\)\.run: //confined:loop` run:`confined:loop`
	for n := range t.in {
		t.mu.Lock()
		t.names[n] = true
		t.mu.Unlock()
		println(t.hits)
	}
}

func (t *tally) count() {
	for range time.Tick(time.Second) {
		t.hits++
	}
}
