// Package suggestdomains: two loops, each owning its type. The server's
// loop stops the scheduler by calling its cancel func, which only the
// scheduler's constructor sets: read from another owner's loop, it gets
// :any, as a field read off the owner does.
package suggestdomains

type sched struct { // want `suggest for suggestdomains\.sched: //confined:owner @sched: code on the owner \(\(\*suggestdomains\.sched\)\.loop\) writes its field n without a lock, and no other code writes it but where a value is built`
	cancel func() // want `suggest for field cancel: //confined:any: only code building a sched writes it, and \(\*suggestdomains\.sched\)\.stop reads it off the owner`
	inbox  chan func()
	n      int
}

func newSched(cancel func()) *sched {
	s := &sched{cancel: cancel, inbox: make(chan func())}
	go s.loop()
	return s
}

func (s *sched) loop() { // want `suggest for \(\*suggestdomains\.sched\)\.loop: //confined:loop @sched: a goroutine runs it \(go statement in suggestdomains\.newSched, loops\.go:15\) and it receives from a channel in a loop \(loops\.go:20\)` loop:`confined:loop@sched`
	for f := range s.inbox {
		f()
		s.n++
	}
}

func (s *sched) post(f func()) { s.inbox <- f } // want `suggest for \(\*suggestdomains\.sched\)\.post: //confined:hop @sched f: it sends f on inbox, which the loop \(\*suggestdomains\.sched\)\.loop calls`

func (s *sched) stop() { s.cancel() }

type server struct { // want `suggest for suggestdomains\.server: //confined:owner @server: code on the owner \(\(\*suggestdomains\.server\)\.run\) writes its field peers without a lock, and no other code writes it but where a value is built`
	sched *sched
	reqs  chan func()
	peers int
}

func newServer() *server {
	srv := &server{sched: newSched(func() {}), reqs: make(chan func())}
	go srv.run()
	return srv
}

func (srv *server) run() { // want `suggest for \(\*suggestdomains\.server\)\.run: //confined:loop @server: a goroutine runs it \(go statement in suggestdomains\.newServer, loops\.go:38\) and it receives from a channel in a loop \(loops\.go:43\)` run:`confined:loop@server`
	for f := range srv.reqs {
		f()
		srv.peers++
	}
	srv.sched.stop()
}

func (srv *server) do(f func()) { srv.reqs <- f } // want `suggest for \(\*suggestdomains\.server\)\.do: //confined:hop @server f: it sends f on reqs, which the loop \(\*suggestdomains\.server\)\.run calls`
