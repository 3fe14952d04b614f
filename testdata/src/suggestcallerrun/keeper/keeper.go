// Package keeper: loops their callers start that nothing hands work to,
// but that keep state other code reads: a watcher reloading on ticks, a
// server counting the connections it accepts. Their look-alikes: a
// ticker whose state nobody reads, one the package starts itself (a
// sweeper), and readers that take the lock the loop writes under.
package keeper

import (
	"context"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// Watcher reloads on ticks; Stats reads its count beside the loop, after
// letting the lock go.
type Watcher struct {
	every time.Duration

	mu   sync.Mutex
	subs []func(int)

	reloads int // want `suggest for field reloads: //confined:owner @watcher: \(\*keeper\.Watcher\)\.Run, which its callers start on a goroutine of their own, writes it without a lock, and \(\*keeper\.Watcher\)\.Stats, which other code calls beside that loop, reads it; no code writes it with the lock of its Watcher held`
	last    time.Time
}

func NewWatcher(every time.Duration) *Watcher { return &Watcher{every: every} }

func (w *Watcher) Subscribe(fn func(int)) { // want Subscribe:`reads suggestcallerrun/keeper\.Watcher\.subs` Subscribe:`summary\(locks arg0 first; stores arg1 in suggestcallerrun/keeper\.Watcher\.UF2\)`
	w.mu.Lock()
	w.subs = append(w.subs, fn)
	w.mu.Unlock()
}

func (w *Watcher) Run(ctx context.Context) { // want `suggest for \(\*keeper\.Watcher\)\.Run: //confined:loop @watcher: its callers run it \(an exported method no code of the package starts, keeping state \(\*keeper\.Watcher\)\.Stats reads without a lock\) and it waits for ticks in a loop \(keeper\.go:41\)` Run:`confined:loop@watcher` Run:`summary\(invokes arg0; calls field suggestcallerrun/keeper\.Watcher\.UF2\)` Run:`writes suggestcallerrun/keeper\.Watcher\.last, suggestcallerrun/keeper\.Watcher\.reloads; reads suggestcallerrun/keeper\.Watcher\.every, suggestcallerrun/keeper\.Watcher\.reloads, suggestcallerrun/keeper\.Watcher\.subs; grows suggestcallerrun/keeper\.Watcher\.reloads`
	t := time.NewTicker(w.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			w.reload(now)
		}
	}
}

func (w *Watcher) reload(now time.Time) {
	w.reloads++
	w.last = now
	w.mu.Lock()
	subs := w.subs
	w.mu.Unlock()
	for _, fn := range subs {
		fn(w.reloads)
	}
}

func (w *Watcher) Stats() (subs, reloads int) { // want Stats:`reads suggestcallerrun/keeper\.Watcher\.reloads, suggestcallerrun/keeper\.Watcher\.subs`
	w.mu.Lock()
	n := len(w.subs)
	w.mu.Unlock()
	return n, w.reloads
}

// Server accepts connections; an admin handler reads its count.
type Server struct {
	mu       sync.Mutex
	ln       net.Listener
	conns    map[int]net.Conn
	nextID   int
	accepted int // want `suggest for field accepted: //confined:owner @server: owner code \(\(\*keeper\.Server\)\.Serve\) changes it without a lock turn after turn and code started off the owner \(\(\*keeper\.Admin\)\.stats\) reads it; no code writes it with the lock of its Server held`
}

func NewServer() *Server { return &Server{conns: map[int]net.Conn{}} }

func (s *Server) Serve(ln net.Listener) error { // want `suggest for \(\*keeper\.Server\)\.Serve: //confined:loop @server: its callers run it \(an exported method no code of the package starts, keeping state \(\*keeper\.Admin\)\.stats reads without a lock\) and it accepts connections in a loop \(keeper\.go:84\)` Serve:`confined:loop@server` Serve:`may block` Serve:`summary\(\)` Serve:`writes suggestcallerrun/keeper\.Server\.accepted, suggestcallerrun/keeper\.Server\.nextID; reads suggestcallerrun/keeper\.Server\.accepted, suggestcallerrun/keeper\.Server\.nextID; grows suggestcallerrun/keeper\.Server\.accepted, suggestcallerrun/keeper\.Server\.nextID`
	s.mu.Lock()
	s.ln = ln
	s.mu.Unlock()
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		s.nextID++
		s.mu.Lock()
		s.conns[s.nextID] = c
		s.mu.Unlock()
		s.accepted++
	}
}

// Admin wires the server it is handed: the caller keeps its own.
type Admin struct {
	mu  sync.Mutex
	srv *Server
}

func NewAdmin(srv *Server) *Admin { return &Admin{srv: srv} } // want NewAdmin:`summary\(\)`

func (a *Admin) Handler() http.Handler { // want Handler:`summary\(started arg0\)`
	mux := http.NewServeMux()
	mux.HandleFunc("/stats", a.stats)
	return mux
}

func (a *Admin) stats(w http.ResponseWriter, r *http.Request) {
	_ = a.srv.accepted
}

// Look-alike: a ticker loop whose state nobody else reads keeps nothing
// for anyone.
type Pulse struct {
	beats int
}

func (p *Pulse) Run(ctx context.Context) { // want Run:`writes suggestcallerrun/keeper\.Pulse\.beats; reads suggestcallerrun/keeper\.Pulse\.beats; grows suggestcallerrun/keeper\.Pulse\.beats`
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			p.beats++
		}
	}
}

// Look-alike: its counter is written and read under the lock.
type Gauge struct {
	mu      sync.Mutex
	samples int
}

func (g *Gauge) Run(ctx context.Context) { // want Run:`reads suggestcallerrun/keeper\.Gauge\.samples`
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			g.mu.Lock()
			g.samples++
			g.mu.Unlock()
		}
	}
}

func (g *Gauge) Samples() int { // want Samples:`reads suggestcallerrun/keeper\.Gauge\.samples`
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.samples
}

// Look-alike: a sweeper the package starts itself is a helper of its
// value, not its owner's loop.
type Pool struct {
	idle  []int
	swept int
}

func NewPool() *Pool { // want NewPool:`summary\(started result\)`
	p := &Pool{}
	go p.sweep()
	return p
}

func (p *Pool) sweep() {
	t := time.NewTicker(time.Second)
	for range t.C {
		p.swept++
	}
}

func (p *Pool) Swept() int { return p.swept } // want Swept:`reads suggestcallerrun/keeper\.Pool\.swept`

// Look-alike: a method that implements an imported interface (io.Closer)
// is called by whatever holds the value as one, not started by callers.
type Drain struct {
	in chan int
	n  int
}

func (d *Drain) Close() error { // want Close:`summary\(\)` Close:`writes suggestcallerrun/keeper\.Drain\.n; reads suggestcallerrun/keeper\.Drain\.n; grows suggestcallerrun/keeper\.Drain\.n`
	for v := range d.in {
		d.n += v
	}
	return nil
}

func (d *Drain) Add(v int) { d.in <- v }

var _ io.Closer = (*Drain)(nil)
