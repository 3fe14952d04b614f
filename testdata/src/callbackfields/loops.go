// Package callbackfields tests where the funcs stored in struct fields run,
// one section per file: loops.go (the off-owner search stops at loops and
// hops), goes.go (go x.f() on a field), creates.go (creating a closure runs
// nothing). A func field only a test's goroutine calls is testgoroutine's.
package callbackfields

//confined:owner
type state struct { // want state:"confined:owner"
	n int
}

// A request's alloc callback is called by start, which only the loop calls.
type req struct{ alloc func() }

type server struct {
	st   *state
	reqs []*req
}

func (s *server) start(r *req) { r.alloc() }

//confined:loop
func (s *server) run() { // want run:`confined:loop`
	for _, r := range s.reqs {
		s.start(r)
	}
}

// serve runs the loop on a goroutine: that goroutine is the owner, so
// nothing the loop calls runs off it.
func serve(s *server) { go func() { s.run() }() }

func (s *server) submit() {
	s.reqs = append(s.reqs, &req{alloc: func() { s.st.n++ }})
}

// A callback handed back to the owner through a hop sink is not called off
// the owner either.
type hopped struct{ cb func() }

var mailbox = make(chan func(), 1)

//confined:hop f
func post(f func()) { mailbox <- f }

func relay(h *hopped) { go post(func() { h.cb() }) }

func (s *server) onHop(h *hopped) { h.cb = func() { s.st.n++ } }

// Look-alike positive: a worker that is not the owner's loop calling the
// same shape of callback.
type job struct{ done func() }

type worker struct{ jobs []*job }

func (w *worker) finish(j *job) {
	j.done()
}

func (w *worker) work() {
	for _, j := range w.jobs {
		w.finish(j)
	}
}

func startWorker(w *worker) { go w.work() }

func (s *server) enqueue(w *worker) {
	w.jobs = append(w.jobs, &job{done: func() { s.st.n++ }}) // want `writes confined callbackfields.state.n off the owner: this code runs via the func stored in field done \(func literal in \(\*callbackfields.server\).enqueue at loops.go:\d+\), called off the owner by \(\*callbackfields.worker\).finish`
}

// The loop handed to a sink as a method value is still the owner's loop:
// nothing it runs is reported.
func goFunc(f func()) { go f() }

func serveByValue(s *server) { goFunc(s.run) }

//confined:loop
func (s *server) drain() { // want drain:`confined:loop`
	for _, r := range s.reqs {
		s.st.n += len(s.reqs)
		s.start(r)
	}
}

func serveDrain(s *server) { goFunc(s.drain) }
