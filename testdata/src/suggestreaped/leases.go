// Package suggestreaped: a value its holder keeps in a map, and also
// queues under its own lock for itself to reap, is the code's that holds
// it: the timer callback that expires it is what the check reports.
// Look-alike: a ticket a locked registry of another value keeps is shared
// through that registry, whoever else points to it; and a lock guarding
// a slice of cards keeps them shared, whatever else is written without it.
package suggestreaped

import (
	"sync"
	"time"
)

type Lease struct { // want `suggest for suggestreaped\.Lease: //confined:owner: code off the owner \(func literal in \(\*suggestreaped\.Manager\)\.Acquire\) touches its field state without a lock, and the code that creates and calls the value uses it too \(\(\*suggestreaped\.Manager\)\.Release\): with no loop, that code is the owner, and the check reports the goroutines`
	name  string // want `suggest for field name: //confined:any: only code building a Lease writes it, and \(\*suggestreaped\.Manager\)\.Release reads it off the owner`
	state int
}

func (l *Lease) expire() { l.state = 2 }

type Manager struct {
	held    map[string]*Lease
	mu      sync.Mutex
	expired []*Lease
}

func (m *Manager) Acquire(name string) *Lease { // want Acquire:`summary\(started arg0\)` Acquire:`writes suggestreaped\.Manager\.held`
	l := &Lease{name: name}
	m.held[name] = l
	time.AfterFunc(time.Second, func() {
		l.expire()
		m.queue(l)
	})
	return l
}

func (m *Manager) queue(l *Lease) {
	m.mu.Lock()
	m.expired = append(m.expired, l)
	m.mu.Unlock()
}

func (m *Manager) Release(l *Lease) { // want Release:`writes suggestreaped\.Lease\.state, suggestreaped\.Manager\.held; reads suggestreaped\.Lease\.name`
	l.state = 1
	delete(m.held, l.name)
}

func (m *Manager) Reap() { // want Reap:`writes suggestreaped\.Manager\.held; reads suggestreaped\.Lease\.name, suggestreaped\.Manager\.expired`
	m.mu.Lock()
	batch := m.expired
	m.expired = nil
	m.mu.Unlock()
	for _, l := range batch {
		delete(m.held, l.name)
	}
}

type Ticket struct {
	used bool
}

type Registry struct {
	mu  sync.Mutex
	all []*Ticket
}

type Desk struct {
	current *Ticket
}

func (d *Desk) Issue(r *Registry) *Ticket { // want Issue:`summary\(\)` Issue:`writes suggestreaped\.Desk\.current; reads suggestreaped\.Registry\.all`
	t := &Ticket{}
	r.mu.Lock()
	r.all = append(r.all, t)
	r.mu.Unlock()
	d.current = t
	time.AfterFunc(time.Second, func() { t.used = true })
	return t
}

func (d *Desk) Use() { d.current.used = true } // want Use:`writes suggestreaped\.Ticket\.used; reads suggestreaped\.Desk\.current`

// Look-alike: a board keeps its cards where its lock guards them; that
// it writes its labels without the lock says nothing of the cards.
type Card struct {
	votes int
}

type Board struct {
	mu     sync.Mutex
	cards  []*Card
	labels map[string]string
}

func (b *Board) Label(k, v string) { b.labels[k] = v } // want Label:`writes suggestreaped\.Board\.labels`

func (b *Board) Set(cards []*Card) {
	b.mu.Lock()
	b.cards = cards
	b.mu.Unlock()
}

func (b *Board) Vote(c *Card) { // want Vote:`summary\(started arg1\)` Vote:`writes suggestreaped\.Card\.votes; reads suggestreaped\.Card\.votes`
	go func() { c.votes++ }()
	c.votes++
}
