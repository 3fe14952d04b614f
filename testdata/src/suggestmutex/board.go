// Package suggestmutex: a loop's state in a type that also has a mutex,
// for its log. Which fields the lock guards is plain from the code: those
// written with it held. The others, which the loop writes without it and
// code off the loop touches, are confined one by one.
package suggestmutex

import "sync"

type Board struct {
	mu     sync.Mutex
	log    []string // under mu
	scores map[string]int // want `suggest for field scores: //confined:owner: owner code \(func literal in \(\*suggestmutex\.Board\)\.Score\) and code off the owner \(func literal in \(\*suggestmutex\.Board\)\.Reset\) write it without a lock; no code writes it with the lock of its Board held`
	rounds int
	inbox  chan func()
}

func NewBoard() *Board { // want NewBoard:`summary\(started result; starts a loop\)`
	b := &Board{scores: make(map[string]int), inbox: make(chan func())}
	go b.serve()
	return b
}

func (b *Board) serve() { // want `suggest for \(\*suggestmutex\.Board\)\.serve: //confined:loop: a goroutine runs it \(go statement in suggestmutex\.NewBoard, board\.go:19\) and it receives from a channel in a loop \(board\.go:24\)` serve:`confined:loop`
	for f := range b.inbox {
		f()
	}
}

func (b *Board) post(f func()) { b.inbox <- f } // want `suggest for \(\*suggestmutex\.Board\)\.post: //confined:hop f: it sends f on inbox, which the loop \(\*suggestmutex\.Board\)\.serve calls`

func (b *Board) Score(name string) {
	b.post(func() {
		b.scores[name]++
		b.rounds++
		b.note(name)
	})
}

func (b *Board) note(s string) {
	b.mu.Lock()
	b.log = append(b.log, s)
	b.mu.Unlock()
}

// Reset clears the scores off the loop: the race. Only the loop touches
// rounds, which needs no directive.
func (b *Board) Reset() { // want Reset:`summary\(started arg0\)`
	go func() {
		clear(b.scores)
		b.note("reset")
	}()
}
