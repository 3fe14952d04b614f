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

func NewActor() *Actor { // want NewActor:`summary\(started result; starts a loop\)`
	a := &Actor{t: &tally{hits: map[string]int{}}, inbox: make(chan msg)}
	go a.run()
	return a
}

func (a *Actor) run() { // want `suggest for \(\*suggestlockbranch\.Actor\)\.run: //confined:loop @actor: a goroutine runs it \(go statement in suggestlockbranch\.NewActor, actor\.go:32\) and it receives from a channel in a loop \(actor\.go:37\)` run:`confined:loop@actor`
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
func (a *Actor) Peek(k string) { go a.t.add(k) } // want Peek:`summary\(started arg0\)` Peek:`reads suggestlockbranch\.Actor\.t`

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

func NewKeeper() *Keeper { // want NewKeeper:`summary\(started result; starts a loop\)`
	k := &Keeper{l: &ledger{}, inbox: make(chan string)}
	go k.run()
	return k
}

func (k *Keeper) run() { // want `suggest for \(\*suggestlockbranch\.Keeper\)\.run: //confined:loop @keeper: a goroutine runs it \(go statement in suggestlockbranch\.NewKeeper, actor\.go:67\) and it receives from a channel in a loop \(actor\.go:72\)` run:`confined:loop@keeper`
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

// Look-alike: a helper a constructor made, stored in a struct with a
// mutex, is kept in a container its lock guards: no proposal, though the
// loop writes it. (tally above is built with its Actor, in one literal.)
type cache struct{ hits int }

func newCache() *cache { return &cache{} }

type Holder struct {
	mu    sync.Mutex
	c     *cache
	inbox chan int
}

func NewHolder() *Holder { // want NewHolder:`summary\(started result; starts a loop\)`
	h := &Holder{inbox: make(chan int)}
	h.c = newCache()
	go h.run()
	return h
}

func (h *Holder) run() { // want `suggest for \(\*suggestlockbranch\.Holder\)\.run: //confined:loop @holder: a goroutine runs it \(go statement in suggestlockbranch\.NewHolder, actor\.go:110\) and it receives from a channel in a loop \(actor\.go:115\)` run:`confined:loop@holder`
	for range h.inbox {
		h.c.hits++
	}
}

func (h *Holder) Bump() { go func() { h.c.hits++ }() } // want Bump:`summary\(started arg0\)`
