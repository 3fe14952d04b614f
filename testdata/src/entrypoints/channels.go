package entrypoints // want package:"declares: offowner entrypoints/lib.Handler; offowner entrypoints/lib.Listener.OnMessage"

// Pool runs the funcs submitted on its workers' goroutines.
type Pool struct {
	jobs chan func()
}

func NewPool(n int) *Pool { // want NewPool:"summary\\(started result\\)"
	p := &Pool{jobs: make(chan func())}
	for range n {
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	for f := range p.jobs {
		f()
	}
}

// Submit hands f to the workers.
func (p *Pool) Submit(f func()) { p.jobs <- f } // want Submit:"summary\\(async arg1\\)"

func submit(p *Pool, b *Book) {
	p.Submit(func() {
		b.total++ // want `writes confined entrypoints.Book.total off the owner: this code runs via \(\*entrypoints.Pool\).Submit`
	})
	p.jobs <- func() {
		b.hits["x"]++ // want `writes confined entrypoints.Book.hits off the owner: this code runs via a send on jobs, whose funcs \(\*entrypoints.Pool\).work runs off the owner`
	}
}

// Router's loop runs the funcs sent on eval: sending one there is a hop,
// from anywhere.
//
//confined:owner
type Router struct { // want Router:"confined:owner"
	peers map[string]int
	eval  chan func()
	quit  chan struct{}
}

//confined:loop
func (r *Router) run() { // want run:`confined:loop`
	for {
		select {
		case f := <-r.eval:
			f()
		case <-r.quit:
			return
		}
	}
}

// AddPeer is an inferred hop.
func (r *Router) AddPeer(name string) {
	r.eval <- func() { r.peers[name]++ }
}

func fromGoroutines(r *Router) {
	go func() {
		r.eval <- func() { r.peers["x"]++ }
		r.AddPeer("y")
	}()
	go func() {
		r.peers["z"]++ // want `writes confined entrypoints.Router.peers off the owner`
	}()
}

// App's Run is an event loop the program's main calls: the funcs queued
// on updates run on the owner.
type App struct {
	updates chan func()
}

func (a *App) Run() {
	for f := range a.updates {
		f()
	}
}

// QueueUpdate is an inferred hop.
func (a *App) QueueUpdate(f func()) { a.updates <- f } // want QueueUpdate:"summary\\(hop arg1\\)"

func fromWorker(a *App, b *Book) {
	go func() {
		a.QueueUpdate(func() { b.total++ })
	}()
	go func() {
		b.total-- // want `writes confined entrypoints.Book.total off the owner`
	}()
}

// A pool of workers draining a channel the function made.
func localPool(b *Book, n int) {
	jobs := make(chan func())
	for range n {
		go func() {
			for j := range jobs {
				j()
			}
		}()
	}
	jobs <- func() {
		b.total++ // want `writes confined entrypoints.Book.total off the owner: this code runs via a send on a channel that func literal in entrypoints.localPool receives from off the owner`
	}
	close(jobs)
}

// The same pool with a named worker, handed the channel.
func localPoolNamed(b *Book) {
	jobs := make(chan func())
	go drain(jobs)
	jobs <- func() {
		b.total++ // want `writes confined entrypoints.Book.total off the owner: this code runs via a send on a channel that entrypoints.drain receives from off the owner`
	}
}

func drain(jobs chan func()) {
	for {
		select {
		case j, ok := <-jobs:
			if !ok {
				return
			}
			j()
		}
	}
}

// A channel the function drains itself: its funcs run here.
func localLoop(b *Book) {
	work := make(chan func(), 1)
	work <- func() { b.total++ }
	close(work)
	for f := range work {
		f()
	}
}
