// Package suggestsetup: what set-up code writes (functional options, the
// constructor) does not keep a type from being owned, and the fields only
// it writes are :any when code off the owner reads them; what is sent on a
// channel, and what it carries, is handed over, not owned.
package suggestsetup

import "time"

type Option func(*Router) error

// WithLimit returns an option, which runs while the router is built.
func WithLimit(name string, n int) Option {
	return func(r *Router) error {
		r.name, r.limit = name, n
		return nil
	}
}

type Router struct { // want `suggest for suggestsetup.Router: //confined:owner: code on the owner \(func literal in \(\*suggestsetup.Router\).Add\) writes 2 of its fields \(hdr, peers\) without a lock`
	name    string // want `suggest for field name: //confined:any: only code building a Router writes it, and \(\*suggestsetup.Router\).describe reads it off the owner`
	limit   int    // want `suggest for field limit: //confined:any`
	peers   map[string]int
	hdr     Header
	mailbox chan func()
	out     chan Envelope
}

// A Header goes out inside every Envelope: it is the receiver's then.
type Header struct{ seq int } // want Header:`handed over`

type Envelope struct {
	Header
	body string
}

func NewRouter(opts ...Option) *Router { // want NewRouter:"summary\\(invokes arg0; started result; starts a loop; reads the entries of arg0\\)"
	r := &Router{peers: map[string]int{}, mailbox: make(chan func()), out: make(chan Envelope, 1)}
	for _, o := range opts {
		_ = o(r)
	}
	go r.run()
	go r.report()
	return r
}

func (r *Router) run() { // want `suggest for \(\*suggestsetup.Router\).run: //confined:loop` run:`confined:loop`
	for f := range r.mailbox {
		f()
	}
}

func (r *Router) post(f func()) { r.mailbox <- f } // want `suggest for \(\*suggestsetup.Router\).post: //confined:hop f`

func (r *Router) Add(p string) {
	r.post(func() {
		r.peers[p]++
		r.hdr.seq++
		r.out <- Envelope{Header: r.hdr, body: r.describe(p)}
	})
}

// describe runs on the owner and off it.
func (r *Router) describe(p string) string { return r.name + ": " + p }

// report reads the limit off the owner: an option set it, nothing else
// writes it.
func (r *Router) report() {
	for range time.Tick(time.Second) {
		println(r.describe("report"), r.limit)
	}
}

// Params are only written on the owner by tests: not owned.
type Params struct{ D int }

// A Cache the user confined by hand: its size, which only its constructor
// writes, is read off the owner.
//
//confined:owner
type Cache struct { // want Cache:"confined:owner"
	size  int // want `suggest for field size: //confined:any: only code building a Cache writes it, and func literal in \(\*suggestsetup.Cache\).watch reads it off the owner`
	items map[string]int
	// Look-alike: ttl is read off the owner too, but SetTTL, which any
	// code may call at any time, writes it: no :any.
	ttl int
	// Look-alike: evictions is read off the owner, and written by a hook
	// the cache hands out, which runs who knows where: no :any.
	evictions int
}

type hooks struct{ onEvict func() }

func (c *Cache) hook(h *hooks) { h.onEvict = func() { c.evictions++ } }

// SetTTL changes the ttl.
func (c *Cache) SetTTL(n int) { c.ttl = n } // want SetTTL:"summary\\(arg0 writes suggestsetup.Cache.ttl\\)" SetTTL:"writes suggestsetup.Cache.ttl"

func NewCache(size int) *Cache { return &Cache{size: size, items: map[string]int{}} }

func (c *Cache) watch() {
	go func() {
		for range time.Tick(time.Second) {
			println(c.size, c.ttl, c.evictions)
		}
	}()
}
