// Package suggestserializer: a goroutine running the funcs posted to it is
// a loop, a serializer, whether code posts literals or a function posts a
// func calling its parameter.
package suggestserializer

// A serializer's goroutine runs the funcs posted to it, one at a time:
// Add posts a literal, and do posts a func calling its parameter, waiting
// for it. The goroutine is the queue's loop, do a hop, and the queue its.
type queue struct { // want `suggest for suggestserializer\.queue: //confined:owner @queue: code on the owner \(func literal in \(\*suggestserializer\.queue\)\.Add\) writes its field items without a lock`
	post  chan func()
	items []string
}

func newQueue() *queue {
	q := &queue{post: make(chan func(), 8)}
	go q.serve()
	return q
}

func (q *queue) serve() { // want `suggest for \(\*suggestserializer\.queue\)\.serve: //confined:loop @queue: a goroutine runs it \(go statement in suggestserializer\.newQueue, serializer\.go:\d+\) and it receives from a channel in a loop` serve:`confined:loop@queue`
	for fn := range q.post {
		fn()
	}
}

func (q *queue) do(fn func()) { // want `suggest for \(\*suggestserializer\.queue\)\.do: //confined:hop @queue fn: it sends a func calling fn on post, which the loop \(\*suggestserializer\.queue\)\.serve calls`
	done := make(chan struct{})
	q.post <- func() { fn(); close(done) }
	<-done
}

func (q *queue) Add(s string) {
	q.post <- func() { q.items = append(q.items, s) }
}

func (q *queue) Len() int { // want Len:`summary\(\)`
	n := 0
	q.do(func() { n = len(q.items) })
	return n
}

// Look-alike: a relay's goroutine forwards what it receives, and nothing
// posts code to it: no loop.
type relay struct {
	in, out chan string
}

func (r *relay) forward() {
	for s := range r.in {
		r.out <- s
	}
}

func newRelay() *relay {
	r := &relay{in: make(chan string), out: make(chan string)}
	go r.forward()
	return r
}

// A serializer that only ever gets literals posted (no function hands it
// a parameter) runs that code all the same: a loop.
type counter struct { // want `suggest for suggestserializer\.counter: //confined:owner @counter: code on the owner \(func literal in \(\*suggestserializer\.counter\)\.Inc\) writes its field n without a lock`
	post chan func()
	n    int
}

func newCounter() *counter {
	c := &counter{post: make(chan func(), 8)}
	go c.serve()
	return c
}

func (c *counter) serve() { // want `suggest for \(\*suggestserializer\.counter\)\.serve: //confined:loop @counter: a goroutine runs it` serve:`confined:loop@counter`
	for fn := range c.post {
		fn()
	}
}

func (c *counter) Inc() { c.post <- func() { c.n++ } }
