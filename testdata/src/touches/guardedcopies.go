package touches

import "sync"

// A value handed by copy to a goroutine holds a pointer to something
// that guards itself with a mutex: reading the pointer from the copy
// reads nobody's memory, and the pointee is safe. Look-alike: a pointer
// to a plain struct the owner writes through leads to the owner's state,
// which the field's read stands for.
type promise struct {
	mu  sync.Mutex
	val int
}

func (p *promise) resolve(v int) { p.mu.Lock(); p.val = v; p.mu.Unlock() }

type visitCount struct{ n int }

//confined:owner
type ticketDesk struct { // want ticketDesk:"confined:owner"
	queue []ticket
}

//confined:owner
type ticket struct { // want ticket:"confined:owner"
	who  string
	done *promise
	seen *visitCount
}

func (d *ticketDesk) serveNext() {
	t := d.queue[0]
	d.queue = d.queue[1:]
	t.seen.n++
	go resolveTicket(t)
}

func resolveTicket(t ticket) {
	t.done.resolve(len(t.who))
	_ = t.seen.n // want `reads confined touches\.ticket\.seen off the owner: this code runs via a go statement`
}
