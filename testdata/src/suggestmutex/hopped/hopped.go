// Package hopped: a hub with a loop, a lock for its topics only, and a Do
// that hops to the loop. Its exported Backlog reads the loop's history in
// place, where Count asks the loop: the history is the loop's. SetLimit
// writes the limit in place, where Reconfigure hands that write to the
// loop: the limit is the loop's, and the quota, which only the hop writes,
// gets nothing. Drain's poller reads the count through a helper: the
// count is the loop's. Seen's count, written under the lock, is read by
// the loop without it: the loop's too. A relay
// with no hop of its own leaves its getter's field unproposed: the getter
// may wait for the loop by means -suggest does not see.
package hopped

import (
	"slices"
	"sync"
)

type Hub struct {
	calls   chan func()
	msgs    chan string
	mu      sync.Mutex
	topics  map[string]string
	limit   int // want `suggest for field limit: //confined:owner @hub: owner code \(func literal in \(\*hopped\.Hub\)\.Reconfigure\) writes it without a lock, and so does \(\*hopped\.Hub\)\.SetLimit, which other code may call off the owner, in place where \(\*hopped\.Hub\)\.Do hops to the owner; no code writes it with the lock of its Hub held`
	history []string // want `suggest for field history: //confined:owner @hub: owner code \(\(\*hopped\.Hub\)\.run\) writes it without a lock, and \(\*hopped\.Hub\)\.Backlog, which other code may call off the owner, reads it in place where \(\*hopped\.Hub\)\.Do hops to the owner; no code writes it with the lock of its Hub held`
	count   int // want `suggest for field count: //confined:owner @hub: owner code \(\(\*hopped\.Hub\)\.run\) writ`
	quota   int
	seen    int // want `suggest for field seen: //confined:owner @hub: code off the owner \(\(\*hopped\.Hub\)\.See`
	heard   int
}

func New() *Hub { // want New:`summary\(started result; starts a loop\)`
	h := &Hub{calls: make(chan func()), msgs: make(chan string), topics: map[string]string{}}
	go h.run()
	return h
}

func (h *Hub) run() { // want `suggest for \(\*hopped\.Hub\)\.run: //confined:loop @hub: a goroutine runs it \(go statement in hopped\.New, hopped\.go:33\) and it receives from a channel in a loop \(hopped\.go:39\)` run:`confined:loop@hub`
	for {
		select {
		case fn := <-h.calls:
			fn()
		case m := <-h.msgs:
			h.history = append(h.history, m)
			h.count += h.heardNow()
			if len(h.history) > h.limit+h.quota+h.seen {
				h.history = h.history[1:]
			}
		}
	}
}

func (h *Hub) Do(fn func()) { h.calls <- fn } // want `suggest for \(\*hopped\.Hub\)\.Do: //confined:hop @hub fn: it sends fn on calls, which the loop \(\*hopped\.Hub\)\.run calls` Do:`confined:hop@hub\[1\]` Do:`summary\(hop arg1 @hub\)`

func (h *Hub) Backlog() []string { return slices.Clone(h.history) } // want `suggest for \(\*hopped\.Hub\)\.Backlog: //confined:offowner: clients call it while \(\*hopped\.Hub\)\.run runs \(\(\*hopped\.Hub\)\.Do, beside it, hands that loop its work on a channel\), the loop never does, and it touches history, which the loop uses, without asking the loop` Backlog:`reads suggestmutex/hopped\.Hub\.history` Backlog:`summary\(\)`

func (h *Hub) SetLimit(n int) { h.limit = n } // want `suggest for \(\*hopped\.Hub\)\.SetLimit: //confined:offowner: clients call it while \(\*hopped\.Hub\)\.run runs \(\(\*hopped\.Hub\)\.Do, beside it, hands that loop its work on a channel\), the loop never does, and it touches limit, which the loop uses, without asking the loop` SetLimit:`writes suggestmutex/hopped\.Hub\.limit`

func (h *Hub) Reconfigure(n int) { h.Do(func() { h.limit, h.quota = n, n }) }

func (h *Hub) Count() int { // want Count:`summary\(\)`
	n := make(chan int)
	h.Do(func() { n <- h.count })
	return <-n
}

// Drain's poller, which its callers wait for, reads the count in place
// through an unexported helper: the count is the loop's too.
func (h *Hub) Drain() <-chan struct{} { // want Drain:`summary\(joined by its result\)`
	done := make(chan struct{})
	go func() {
		defer close(done)
		for !h.drained() {
		}
	}()
	return done
}

func (h *Hub) drained() bool { return h.count == 0 }

// Seen notes a sighting under the lock, which the loop does not take
// when it reads the count: the count is the loop's. Heard's count, which
// the loop reads under the lock too, stays the lock's.
func (h *Hub) Seen() { // want Seen:`reads suggestmutex/hopped\.Hub\.seen` Seen:`summary\(locks arg0 first\)`
	h.mu.Lock()
	h.seen++
	h.mu.Unlock()
}

func (h *Hub) Heard() { // want Heard:`summary\(locks arg0 first\)` Heard:`reads suggestmutex/hopped\.Hub\.heard`
	h.mu.Lock()
	h.heard++
	h.mu.Unlock()
}

func (h *Hub) heardNow() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.heard
}

func (h *Hub) SetTopic(k, v string) { // want SetTopic:`summary\(locks arg0 first\)`
	h.mu.Lock()
	h.topics[k] = v
	h.mu.Unlock()
}

func (h *Hub) Topic(k string) string { // want Topic:`reads suggestmutex/hopped\.Hub\.topics` Topic:`summary\(locks arg0 first\)`
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.topics[k]
}

type Relay struct {
	in   chan string
	mu   sync.Mutex
	sent map[string]int
	last string
}

func NewRelay() *Relay { // want NewRelay:`summary\(started result; starts a loop\)`
	r := &Relay{in: make(chan string), sent: map[string]int{}}
	go r.run()
	return r
}

func (r *Relay) run() { // want `suggest for \(\*hopped\.Relay\)\.run: //confined:loop @relay: a goroutine runs it \(go statement in hopped\.NewRelay, hopped\.go:122\) and it receives from a channel in a loop \(hopped\.go:127\)` run:`confined:loop@relay`
	for m := range r.in {
		r.last = m
		r.mu.Lock()
		r.sent[m]++
		r.mu.Unlock()
	}
}

func (r *Relay) Last() string { return r.last } // want Last:`reads suggestmutex/hopped\.Relay\.last`

func (r *Relay) Send(m string) { r.in <- m }
