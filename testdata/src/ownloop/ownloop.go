// Package ownloop: a loop keeps the funcs registered with OnTick and runs
// them on its goroutine, off the owner of whoever registers them; but a
// value registering its own methods with the loop it holds (in a field, or
// embedded) has them run on that loop, which serves it.
package ownloop

import (
	"net/http"
	"time"
)

//confined:owner
type Loop struct { // want Loop:`confined:owner`
	ops     chan func()
	tickers []func()
	ticks   int
}

//confined:loop
func (l *Loop) run() { // want run:`confined:loop`
	for {
		select {
		case fn := <-l.ops:
			fn()
		case <-time.After(time.Second):
			l.ticks++
			for _, f := range l.tickers {
				f()
			}
		}
	}
}

//confined:async fn
func (l *Loop) OnTick(fn func()) { l.tickers = append(l.tickers, fn) } // want OnTick:`confined:async\[1\]` OnTick:`summary\(arg0 writes ownloop\.Loop\.tickers; stores arg1 in ownloop\.Loop\.UF1\)`

//confined:owner
type Server struct { // want Server:`confined:owner`
	loop    *Loop
	flushed int
}

func NewServer() *Server { // want NewServer:`summary\(started result 0 field loop\)`
	s := &Server{loop: &Loop{ops: make(chan func())}}
	s.loop.OnTick(s.flush)
	go s.loop.run()
	return s
}

func (s *Server) flush() { s.flushed++ }

// The same as a literal capturing the server.
func NewServerLit() *Server {
	s := &Server{loop: &Loop{ops: make(chan func())}}
	s.loop.OnTick(func() { s.flushed++ })
	go s.loop.run()
	return s
}

//confined:owner
type Registry struct { // want Registry:`confined:owner`
	*Loop
	seen map[string]int
}

func NewRegistry() *Registry { // want NewRegistry:`summary\(started result; started result 0 field Loop; starts a loop\)`
	r := &Registry{Loop: &Loop{ops: make(chan func())}, seen: map[string]int{}}
	r.OnTick(r.sweep)
	go r.run()
	return r
}

func (r *Registry) sweep() { clear(r.seen) }

// Look-alikes: a watcher registering its method with a loop it does not
// hold, and a literal capturing another value too, run off their owners.
//
//confined:owner
type watcher struct { // want watcher:`confined:owner`
	hits int
}

func (w *watcher) bump() { w.hits++ } // want `calls confined \(\*ownloop\.watcher\)\.bump off the owner: this code runs via \(\*ownloop\.Loop\)\.OnTick \(ownloop\.go:\d+\); inside, it writes ownloop\.watcher\.hits; fix: hand the work to the owner \(send it to the loop's mailbox or a channel the loop reads\) instead of touching the state here`

func watch(l *Loop, w *watcher) { l.OnTick(w.bump) }

func watchBoth(s *Server, w *watcher) {
	s.loop.OnTick(func() {
		s.flushed++ // want `writes confined ownloop\.Server\.flushed off the owner: this code runs via \(\*ownloop\.Loop\)\.OnTick \(ownloop\.go:\d+\); fix: hand the work to the owner \(send it to the loop's mailbox or a channel the loop reads\) instead of touching the state here`
		w.hits++ // want `writes confined ownloop\.watcher\.hits off the owner: this code runs via \(\*ownloop\.Loop\)\.OnTick \(ownloop\.go:\d+\); fix: hand the work to the owner \(send it to the loop's mailbox or a channel the loop reads\) instead of touching the state here`
	})
}

// Look-alike: a mux the server holds has no loop; the handlers it keeps
// run on its requests' goroutines.
type site struct {
	srv *Server
	mux *http.ServeMux
}

func newSite(srv *Server) *site {
	s := &site{srv: srv, mux: http.NewServeMux()}
	s.mux.HandleFunc("/", s.serve)
	return s
}

func (s *site) serve(http.ResponseWriter, *http.Request) { s.srv.flushed = 0 } // want `writes confined ownloop\.Server\.flushed off the owner: this code runs via \(\*http\.ServeMux\)\.HandleFunc, where net/http runs handlers on a per\-request goroutine \(ownloop\.go:\d+\); path \(\*ownloop\.site\)\.serve → ownloop\.Server\.flushed; fix: hand the work to the owner \(send it to the loop's mailbox or a channel the loop reads\) instead of touching the state here`
