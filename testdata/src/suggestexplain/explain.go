// Package suggestexplain: -suggest -explain tells, for each candidate loop
// and type that got no proposal, the rule that stopped it.
package suggestexplain

import (
	"sync"
	"time"
)

type pool struct { // want `explain: no //confined:owner for suggestexplain.pool: code off the owner writes it and no loop touches it, but the program has loops`
	jobs chan int
	done int
}

func newPool() *pool {
	p := &pool{jobs: make(chan int)}
	for range 4 {
		go p.work()
	}
	go p.tick()
	go p.relay(make(chan int))
	return p
}

func (p *pool) work() { // want `explain: no //confined:loop for \(\*suggestexplain.pool\).work: it is started inside a loop \(go statement in suggestexplain.newPool, explain.go:\d+\): many goroutines run it, a pool`
	for j := range p.jobs {
		p.done += j
	}
}

func (p *pool) tick() { // want `explain: no //confined:loop for \(\*suggestexplain.pool\).tick: a goroutine runs it, but it receives no work in a loop`
	for range time.Tick(time.Second) {
		p.done++
	}
}

func (p *pool) relay(out chan int) { // want `explain: no //confined:loop for \(\*suggestexplain.pool\).relay: it receives work in a loop but owns nothing`
	for j := range p.jobs {
		out <- j
	}
}

// A loop writes the messages it sends: they are handed over.
type hub struct {
	in   chan func()
	out  chan *msg
	last *msg
}

// The loop sends the message it keeps and bumps it again on its next
// turn: the receiver shares it (sharing is no hand-over), so it is the
// loop's.
type msg struct{ n int } // want `suggest for suggestexplain.msg: //confined:owner: code on the owner \(\(\*suggestexplain.hub\).run\) writes its field n without a lock`

func newHub() *hub {
	h := &hub{in: make(chan func()), out: make(chan *msg, 1), last: &msg{}}
	go h.run()
	return h
}

func (h *hub) run() { // want `suggest for \(\*suggestexplain.hub\).run: //confined:loop` run:`confined:loop`
	for f := range h.in {
		f()
		h.last.n++
		h.out <- h.last
	}
}

func (h *hub) post(f func()) { h.in <- f } // want `suggest for \(\*suggestexplain.hub\).post: //confined:hop f`

// A goroutine fills in a note it is given and sends it on: notes are handed
// over, nobody's to own.
type note struct{ text string } // want `explain: no //confined:owner for suggestexplain.note: code off the owner writes it, but the package hands its values over`

func fill(n *note, out chan *note) {
	go func() {
		n.text = "filled"
		out <- n
	}()
}

// The hub's loop counts its turns in a type that also has a mutex: which
// fields the lock guards is for its author to say.
type turns struct { // want `explain: no //confined:owner for suggestexplain.turns: owner code writes it without a lock, but it has a mutex`
	mu    sync.Mutex
	n     int
	names []string
}

func (t *turns) add(name string) {
	t.mu.Lock()
	t.names = append(t.names, name)
	t.mu.Unlock()
}

func (h *hub) count(t *turns) { h.post(func() { t.n++ }) }

// A lazy load that a warm-up goroutine and the getter both run through the
// once: only what the once runs writes cfg, and every read comes after a
// Do, so the once orders them.
type lazyConfig struct { // want `explain: no //confined:owner for suggestexplain\.lazyConfig: its goroutines write it only in what a sync\.Once runs, and every other reader calls Do first: the once orders them`
	once sync.Once
	cfg  map[string]string
	path string
}

func (c *lazyConfig) load()               { c.cfg = map[string]string{"path": c.path} }
func (c *lazyConfig) Warm()               { go func() { c.once.Do(c.load) }() } // want Warm:`summary\(started arg0\)`
func (c *lazyConfig) Get(k string) string { c.once.Do(c.load); return c.cfg[k] } // want Get:`writes suggestexplain\.lazyConfig\.cfg`

// A timer's goroutine gets its quit channel as a parameter: it waits for
// ticks and the quit, no work.
type countdown struct { // want `explain: no //confined:owner for suggestexplain\.countdown: one goroutine writes it`
	left int
	stop chan struct{}
}

func (c *countdown) Start() { // want Start:`writes suggestexplain\.countdown\.stop` Start:`summary\(started arg0\)`
	c.stop = make(chan struct{})
	go c.run(c.stop)
}

func (c *countdown) run(stop chan struct{}) { // want `explain: no //confined:loop for \(\*suggestexplain\.countdown\)\.run: a goroutine runs it, but it receives no work in a loop`
	t := time.NewTicker(time.Second)
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			c.left--
		}
	}
}

func (c *countdown) Stop() { close(c.stop) }

// Each runs fn for every item on goroutines beside each other and waits
// for all of them: neither async nor sync says it.
func Each(items []string, fn func(string)) { // want `explain: no //confined:async for suggestexplain\.Each: it runs fn on goroutines beside eac` Each:`may block` Each:`summary\(async arg1; of which joined arg1; reads the entries of arg0\)`
	var wg sync.WaitGroup
	for _, it := range items {
		wg.Go(func() { fn(it) })
	}
	wg.Wait()
}

// EachLater hands the same work back unjoined: async.
func EachLater(items []string, fn func(string)) *sync.WaitGroup { // want `suggest for suggestexplain\.EachLater: //confined:async fn: it hands fn to a goroutine or ` EachLater:`summary\(async arg1; reads the entries of arg0\)`
	wg := new(sync.WaitGroup)
	for _, it := range items {
		wg.Go(func() { fn(it) })
	}
	return wg
}
