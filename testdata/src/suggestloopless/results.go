package suggestloopless

import "sync"

// A fan-out whose goroutines each write the error of a value the same
// iteration made, read after the join: each start writes a value of its
// own, so nothing races with it.
type download struct {
	url string
	err error
}

type downloader struct {
	wg    sync.WaitGroup
	order []*download
}

func (d *downloader) start(urls []string, get func(string) error) {
	for _, u := range urls {
		t := &download{url: u}
		d.order = append(d.order, t)
		d.wg.Go(func() { t.err = get(u) })
	}
}

func (d *downloader) wait() error {
	d.wg.Wait()
	for _, t := range d.order {
		if t.err != nil {
			return t.err
		}
	}
	return nil
}

// Look-alike: one value made before the loop, written by every start.
type lastSeen struct { // want `suggest for suggestloopless\.lastSeen: //confined:owner: code off the owner \(func literal in suggestloopless\.lastOf\) touches its field last without a lock, and another goroutine, or the same started again, writes it too`
	last string
}

func lastOf(urls []string) *lastSeen {
	t := &lastSeen{}
	var wg sync.WaitGroup
	for _, u := range urls {
		wg.Go(func() { t.last = u })
	}
	wg.Wait()
	return t
}

// A result a goroutine writes and publishes by closing a channel, also
// deferred: whoever reads it waits for the close.
type pending struct {
	done chan struct{}
	err  error
}

func (p *pending) wait() error {
	<-p.done
	return p.err
}

func (p *pending) finish(err error) {
	p.err = err
	close(p.done)
}

func saveAsync(save func() error) *pending {
	p := &pending{done: make(chan struct{})}
	go func() { p.finish(save()) }()
	return p
}

func saveBoth(save func() error) (*pending, *pending) {
	p, q := &pending{done: make(chan struct{})}, &pending{done: make(chan struct{})}
	go func() { p.finish(save()) }()
	go func() { q.finish(save()) }()
	return p, q
}

func saveDeferred(save func() error) *pending {
	p := &pending{done: make(chan struct{})}
	go func() {
		defer close(p.done)
		p.err = save()
	}()
	return p
}

// Look-alike: a result no close publishes, read by the code that made it.
type report struct { // want `suggest for suggestloopless\.report: //confined:owner`
	err error
}

func (r *report) peek() error { return r.err }

func reportAsync(save func() error) *report {
	r := &report{}
	go func() { r.err = save() }()
	return r
}

// A generic result whose done channel is a type parameter's: waiting on it
// is no signal -suggest reads (and no crash).
type genericPending[C ~chan struct{}] struct {
	done C
	err  error
}

func (p *genericPending[C]) wait() error {
	<-p.done
	return p.err
}

// A result a helper makes for each start is as much the start's own as
// one the starter makes itself.
func newPending() *pending { return &pending{done: make(chan struct{})} }

func saveMade(save func() error) *pending {
	p := newPending()
	go func() { p.finish(save()) }()
	return p
}

// Look-alike: a helper handing out the one value its holder keeps, which
// every start writes.
type score struct { // want `suggest for suggestloopless\.score: //confined:owner`
	n int
}

type scoreboard struct{ cur *score }

func (ts *scoreboard) current() *score { return ts.cur }

func (ts *scoreboard) countBoth() {
	a, b := ts.current(), ts.current()
	go func() { a.n++ }()
	go func() { b.n++ }()
}

// A reader goroutine a method starts writes its error and closes done
// when it returns: Err, valid once Done is closed, reads what the close
// published.
type stream struct {
	done chan struct{}
	err  error
}

func (s *stream) Start(next func() error) { // want `suggest for \(\*suggestloopless\.stream\)\.Start: //confined:async next: it hands next to a goroutine or an async sink, which runs it off the owner` Start:`summary\(async arg1; started arg0\)`
	s.done = make(chan struct{})
	go s.read(next)
}

func (s *stream) read(next func() error) {
	defer close(s.done)
	for next() == nil {
	}
	s.err = next()
}

func (s *stream) Done() <-chan struct{} { return s.done }

func (s *stream) Err() error { return s.err } // want Err:`reads suggestloopless\.stream\.err`

// Look-alike: a reader goroutine that counts what it reads, closing done
// only when it returns: Count reads the count while it still runs.
type counted struct {
	done chan struct{}
	n    int // want `suggest for field n: //confined:owner: code off the owner \(\(\*suggestloopless\.counted\)\.read\) writes it without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
}

func (s *counted) Start(next func() error) { // want `suggest for \(\*suggestloopless\.counted\)\.Start: //confined:async next: it hands next to a goroutine or an async sink, which runs it off the owner` Start:`summary\(async arg1; started arg0\)`
	s.done = make(chan struct{})
	go s.read(next)
}

func (s *counted) read(next func() error) {
	defer close(s.done)
	for next() == nil {
		s.n++
	}
}

func (s *counted) Count() int { return s.n } // want Count:`reads suggestloopless\.counted\.n`
