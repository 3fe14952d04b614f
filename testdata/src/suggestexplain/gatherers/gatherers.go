package gatherers

import "sync"

// An importer's Import makes a channel for its workers' verdicts, ranges
// over it and returns a count: a call gathering what its own workers send,
// which its callers make on goroutines of their own (ImportAsync's), not an
// owner's loop.
type importer struct {
	seen map[string]int
}

type verdict struct {
	key string
	ok  bool
}

func (im *importer) Import(keys []string) (int, error) { // want `explain: no //confined:loop for \(\*gatherers\.importer\)\.Import: the channels it receives from are ones it makes itself and hands only to code it runs, and it returns a result: a call gathering what its own workers send, not an owner's loop` Import:`summary\(reads the entries of arg1\)` Import:`writes suggestexplain/gatherers\.importer\.seen; grows suggestexplain/gatherers\.importer\.seen`
	verdicts := make(chan verdict)
	var wg sync.WaitGroup
	for _, k := range keys {
		wg.Go(func() { verdicts <- verdict{k, k != ""} })
	}
	go func() {
		wg.Wait()
		close(verdicts)
	}()
	n := 0
	for v := range verdicts {
		if v.ok {
			im.seen[v.key]++
			n++
		}
	}
	return n, nil
}

func (im *importer) ImportAsync(keys []string) <-chan int { // want ImportAsync:`summary\(joined by its result; reads the entries of arg1\)`
	out := make(chan int, 1)
	go func() {
		n, _ := im.Import(keys)
		out <- n
	}()
	return out
}

// Look-alike: a session's run also ranges over a channel it makes, fed by
// a reader goroutine it starts, but returns nothing: its goroutine is the
// session's loop, handling what arrives.
type session struct { // want `suggest for gatherers\.session: //confined:owner @session: code on the owner \(\(\*gatherers\.session\)\.run\) writes its field lines without a lock, and no other code writes it but where a value is built`
	in    chan string
	lines []string
}

func (s *session) run() { // want `suggest for \(\*gatherers\.session\)\.run: //confined:loop @session: a goroutine runs it \(go statement in gatherers\.startSession, gatherers\.go:70\) and it receives from a channel in a loop \(gatherers\.go:63\)` run:`confined:loop@session`
	msgs := make(chan string)
	go func() {
		defer close(msgs)
		for l := range s.in {
			msgs <- l
		}
	}()
	for m := range msgs {
		s.lines = append(s.lines, m)
	}
}

func startSession() *session {
	s := &session{in: make(chan string)}
	go s.run()
	return s
}

// A rerunner's goroutine, started for each rerun, drains the progress
// stream the client's Rerun returns: a helper of that call, not an owner's
// loop. Look-alike: a tailer ranging over the stream it keeps in a field
// is a loop.
type progress struct{ percent int }

type client struct{ steps int }

func (c *client) Rerun(id string) (<-chan progress, error) { // want Rerun:`summary\(started arg0\)`
	ch := make(chan progress)
	go func() {
		defer close(ch)
		for i := range c.steps {
			ch <- progress{i}
		}
	}()
	return ch, nil
}

type rerunner struct {
	c    *client
	last int
}

func (r *rerunner) rerun(id string) { // want `explain: no //confined:loop for \(\*gatherers\.rerunner\)\.rerun: the channels it receives work from are ones calls it makes return, kept nowhere else \(a rerun's progress stream\): it drains those calls' responses, a helper of them, not an owner's loop`
	stream, err := r.c.Rerun(id)
	if err != nil {
		return
	}
	for p := range stream {
		r.last = p.percent
	}
}

func (r *rerunner) Rerun(id string) { go r.rerun(id) } // want Rerun:`summary\(started arg0\)`

type tailer struct { // want `suggest for gatherers\.tailer: //confined:owner @tailer: code on the owner \(\(\*gatherers\.tailer\)\.tail\) writes its field last without a lock, and no other code writes it but where a value is built`
	c      *client // want `suggest for field c: //confined:any: only code building a tailer writes it, and \(\*gatherers\.tailer\)\.Start reads it off the owner`
	stream <-chan progress
	last   int
}

func (t *tailer) tail() { // want `suggest for \(\*gatherers\.tailer\)\.tail: //confined:loop @tailer: a goroutine runs it \(go statement in \(\*gatherers\.tailer\)\.Start, gatherers\.go:124\) and it receives from a channel in a loop \(gatherers\.go:117\)` tail:`confined:loop@tailer`
	for p := range t.stream {
		t.last = p.percent
	}
}

func (t *tailer) Start() { // want Start:`reads suggestexplain/gatherers\.tailer\.c` Start:`summary\(started arg0; starts a loop\)`
	t.stream, _ = t.c.Rerun("all")
	go t.tail()
}
