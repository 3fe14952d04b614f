// Package suggestlockbranch: a loop that takes a lock on one path and
// writes its helper on another owns the helper; one that writes it while
// the lock may still be held does not.
package suggestlockbranch

import "sync"

// tally is a helper an actor keeps. The actor's loop writes it in one case
// and takes its own lock for another field in another case: the lock is
// let go before the tally is written, which is the loop's.
type tally struct { // want `suggest for suggestlockbranch\.tally: //confined:owner @actor: code on the owner \(\(\*suggestlockbranch\.Actor\)\.run\) writes 2 of its fields \(hits, total\) without a lock, and no other code writes it but where a value is built`
	hits  map[string]int
	total int
}

func (t *tally) add(k string) { t.hits[k]++ }

type Actor struct {
	mu    sync.Mutex
	audit int
	t     *tally
	inbox chan msg
}

type msg struct {
	audit bool
	key   string
}

func NewActor() *Actor { // want NewActor:`summary\(started result\)`
	a := &Actor{t: &tally{hits: map[string]int{}}, inbox: make(chan msg)}
	go a.run()
	return a
}

func (a *Actor) run() { // want `suggest for \(\*suggestlockbranch\.Actor\)\.run: //confined:loop @actor: a goroutine runs it \(go statement in suggestlockbranch\.NewActor, actor\.go:32\) and it receives from a channel in a loop \(actor\.go:37\)`
	for m := range a.inbox {
		if m.audit {
			a.mu.Lock()
			a.audit++
			a.mu.Unlock()
			continue
		}
		a.t.total++
		a.t.add(m.key)
	}
}

// Peek adds off the loop: the race the check reports.
func (a *Actor) Peek(k string) { go a.t.add(k) } // want Peek:`summary\(started arg0\)`

// Look-alike: a loop that writes its helper while its lock may be held
// (let go before on one path only) gets no proposal for it.
type ledger struct {
	lines []string
}

type Keeper struct {
	mu    sync.Mutex
	n     int
	l     *ledger
	inbox chan string
}

func NewKeeper() *Keeper { // want NewKeeper:`summary\(started result\)`
	k := &Keeper{l: &ledger{}, inbox: make(chan string)}
	go k.run()
	return k
}

func (k *Keeper) run() { // want `suggest for \(\*suggestlockbranch\.Keeper\)\.run: //confined:loop @keeper: a goroutine runs it \(go statement in suggestlockbranch\.NewKeeper, actor\.go:67\) and it receives from a channel in a loop \(actor\.go:72\)`
	for s := range k.inbox {
		k.mu.Lock()
		if s == "" {
			k.mu.Unlock()
		}
		k.l.lines = append(k.l.lines, s)
		if s != "" {
			k.n++
			k.mu.Unlock()
		}
	}
}

// Count reads the ledger off the loop, with the lock held.
func (k *Keeper) Count(out chan<- int) { // want Count:`summary\(started arg0\)`
	go func() {
		k.mu.Lock()
		out <- len(k.l.lines)
		k.mu.Unlock()
	}()
}

// A helper a constructor made for it (newCache allocates what it returns
// and starts nothing) is built with its holder too, though the holder has
// a mutex: the loop's.
type cache struct { // want `suggest for suggestlockbranch\.cache: //confined:owner @holder: code on the owner \(\(\*suggestlockbranch\.Holder\)\.run\) writes its field hits without a lock, and besides where a value is built only code off the owner does`
	hits int
}

func newCache() *cache { return &cache{} }

// Look-alike: a value whose constructor starts its own goroutine on it
// runs on its own; stored in a struct with a mutex, it is kept in a
// container the lock guards: no proposal, though the loop writes it.
type saver struct {
	pending int
	wake    chan struct{}
}

func startSaver() *saver {
	s := &saver{wake: make(chan struct{})}
	go s.flush()
	return s
}

func (s *saver) flush() {
	for range s.wake {
	}
}

type Holder struct {
	mu    sync.Mutex
	c     *cache
	s     *saver
	inbox chan int
}

func NewHolder() *Holder { // want NewHolder:`summary\(started result\)`
	h := &Holder{inbox: make(chan int)}
	h.c = newCache()
	h.s = startSaver()
	go h.run()
	return h
}

func (h *Holder) run() { // want `suggest for \(\*suggestlockbranch\.Holder\)\.run: //confined:loop @holder: a goroutine runs it \(go statement in suggestlockbranch\.NewHolder, actor\.go:\d+\) and it receives from a channel in a loop \(actor\.go:\d+\)`
	for range h.inbox {
		h.c.hits++
		h.s.pending++
	}
}

func (h *Holder) Bump() { go func() { h.c.hits++; h.s.pending++ }() } // want Bump:`summary\(started arg0\)`
