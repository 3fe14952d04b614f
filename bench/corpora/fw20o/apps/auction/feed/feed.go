// Package feed streams live auction activity to the bidding floor screens and
// the web clients.
package feed

import "sync"

// Quote is the current standing of a lot.
type Quote struct {
	LotID  string
	Amount int64
	Bidder string
	Bids   int
}

// Result is the outcome of a closed lot.
type Result struct {
	LotID  string
	Title  string
	Winner string
	Amount int64
	Sold   bool
}

// Listing is anything that can be rendered as a quote.
type Listing interface {
	Quote() Quote
}

// Update is what subscribers receive; exactly one field is set.
type Update struct {
	Quote  *Quote
	Result *Result
}

// Broadcaster fans updates out to subscribers from its own goroutine so that
// publishers never wait for slow screens.
type Broadcaster struct {
	in   chan any
	done chan struct{}

	mu      sync.Mutex
	subs    map[int]chan Update
	nextID  int
	dropped int
}

// New starts a broadcaster with the given inbound buffer.
func New(buffer int) *Broadcaster {
	b := &Broadcaster{
		in:   make(chan any, buffer),
		done: make(chan struct{}),
		subs: make(map[int]chan Update),
	}
	go b.run()
	return b
}

// Publish queues a listing; its quote is rendered when the update goes out.
func (b *Broadcaster) Publish(l Listing) {
	b.in <- l
}

// Announce queues the result of a closed lot.
func (b *Broadcaster) Announce(r Result) {
	b.in <- r
}

// Subscribe registers a receiver. The returned function unsubscribes it.
func (b *Broadcaster) Subscribe(buffer int) (<-chan Update, func()) {
	ch := make(chan Update, buffer)
	b.mu.Lock()
	id := b.nextID
	b.nextID++
	b.subs[id] = ch
	b.mu.Unlock()
	return ch, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if _, ok := b.subs[id]; ok {
			delete(b.subs, id)
			close(ch)
		}
	}
}

// Dropped reports how many updates were skipped because a subscriber was full.
func (b *Broadcaster) Dropped() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.dropped
}

// Close stops the broadcaster after the queued updates have gone out.
func (b *Broadcaster) Close() {
	close(b.in)
	<-b.done
}

func (b *Broadcaster) run() {
	defer close(b.done)
	for item := range b.in {
		var u Update
		switch v := item.(type) {
		case Listing:
			q := v.Quote()
			u.Quote = &q
		case Result:
			u.Result = &v
		default:
			continue
		}
		b.fanOut(u)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for id, ch := range b.subs {
		close(ch)
		delete(b.subs, id)
	}
}

func (b *Broadcaster) fanOut(u Update) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, ch := range b.subs {
		select {
		case ch <- u:
		default:
			b.dropped++
		}
	}
}
