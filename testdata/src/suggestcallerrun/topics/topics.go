// Package topics: a topic loop that its callers run (Run(ctx) error),
// and a pump goroutine per subscriber that counts its failures by posting
// them to the topic's loop: the subscriber's counters are the topic
// loop's, and the pump, which counts deliveries itself, runs off it. A
// relay that posts only the topic's own state keeps its own loop.
package topics

import "context"

type Loop struct { // want `suggest for topics\.Loop: //confined:owner @loop: code on the owner \(func literal in \(\*topics\.Loop\)\.Subscribe, func literal in \(\*topics\.Loop\)\.Publish, func literal in \(\*topics\.relay\)\.run\) writes 2 of its fields \(published, subs\) without a lock, and no other code writes it but where a value is built`
	calls     chan func()
	done      chan struct{}
	subs      map[string]*sub
	published int
}

func NewLoop() *Loop {
	return &Loop{calls: make(chan func(), 8), done: make(chan struct{}), subs: map[string]*sub{}}
}

func (l *Loop) Run(ctx context.Context) error { // want `suggest for \(\*topics\.Loop\)\.Run: //confined:loop @loop: its callers run it \(an exported method no code of the package starts, receiving from its receiver's channel\) and it receives from a channel in a loop \(topics\.go:24\)` Run:`confined:loop@loop` Run:`summary\(\)`
	defer close(l.done)
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case fn := <-l.calls:
			fn()
		}
	}
}

func (l *Loop) post(fn func()) { // want `suggest for \(\*topics\.Loop\)\.post: //confined:hop @loop fn: it sends fn on calls, which the loop \(\*topics\.Loop\)\.Run calls`
	select {
	case l.calls <- fn:
	case <-l.done:
	}
}

func (l *Loop) Subscribe(id string) {
	l.post(func() {
		s := &sub{loop: l, ch: make(chan string, 8)}
		l.subs[id] = s
		go s.pump()
	})
}

func (l *Loop) Publish(m string) {
	l.post(func() {
		l.published++
		for _, s := range l.subs {
			s.ch <- m
		}
	})
}

type sub struct { // want `suggest for topics\.sub: //confined:owner @loop: code on the owner \(func literal in \(\*topics\.sub\)\.pump\) writes its field failed without a lock, and besides where a value is built only code off the owner does \(\(\*topics\.sub\)\.pump\), which the check then reports`
	loop      *Loop // want `suggest for field loop: //confined:any: only code building a sub writes it, and \(\*topics\.sub\)\.pump reads it off the owner`
	ch        chan string
	failed    int
	delivered int
}

func (s *sub) pump() {
	for m := range s.ch {
		if m == "" {
			s.loop.post(func() { s.failed++ })
			continue
		}
		s.delivered++
	}
}

// Look-alike: a relay that posts only the topic's state, and counts what
// it forwards itself, owns its count.
type relay struct { // want `suggest for topics\.relay: //confined:owner @relay: code on the owner \(\(\*topics\.relay\)\.run\) writes its field seen without a lock, and no other code writes it but where a value is built`
	in   chan string
	loop *Loop // want `suggest for field loop: //confined:any: only code building a relay writes it, and func literal in \(\*topics\.relay\)\.run reads it off the owner`
	seen int
}

func (l *Loop) Relay() {
	r := &relay{in: make(chan string), loop: l}
	go r.run()
}

func (r *relay) run() { // want `suggest for \(\*topics\.relay\)\.run: //confined:loop @relay: a goroutine runs it \(go statement in \(\*topics\.Loop\)\.Relay, topics\.go:84\) and it receives from a channel in a loop \(topics\.go:88\)` run:`confined:loop@relay`
	for m := range r.in {
		r.seen++
		r.loop.post(func() { r.loop.published += len(m) })
	}
}
