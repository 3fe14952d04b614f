package suggestclients

import (
	"sync/atomic"
	"time"
)

// A pool whose constructor starts its loop: Get and Put hand the loop
// their work, so the API is its clients', and IdleCount and Pause, which
// touch what the loop uses instead of asking it, run beside it.
type Pool struct { // want `suggest for suggestclients\.Pool: //confined:owner @pool: code on the owner \(\(\*suggestclients\.Pool\)\.loop\) writes 3 of its fields \(dials, idle, pending\) without a lock; code that may run anywhere writes one of its fields too \(\(\*suggestclients\.Pool\)\.setPaused\), which the check reports where it runs off the owner`
	maxIdle int // want `suggest for field maxIdle: //confined:any: only code building a Pool writes it, and \(\*suggestclients\.Pool\)\.MaxIdle reads it off the owner`
	gets    chan chan int
	puts    chan int
	stats   chan chan int
	lookups chan *lookup
	done    chan struct{}
	stopped chan struct{}
	calls   atomic.Int64
	idle    map[int]bool
	paused  bool
	dials   int
	pending []*lookup
}

func New(maxIdle int) *Pool { // want New:`summary\(started result; starts a loop\)`
	p := &Pool{maxIdle: maxIdle, gets: make(chan chan int), puts: make(chan int), stats: make(chan chan int),
		done: make(chan struct{}), stopped: make(chan struct{}), idle: make(map[int]bool)}
	go p.loop()
	return p
}

func (p *Pool) loop() { // want `suggest for \(\*suggestclients\.Pool\)\.loop: //confined:loop @pool: a goroutine runs it \(go statement in suggestclients\.New, pool\.go:\d+\) and it receives from a channel in a loop \(pool\.go:\d+\)` loop:`confined:loop@pool`
	defer close(p.stopped)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case reply := <-p.gets:
			reply <- p.take()
		case id := <-p.puts:
			if len(p.idle) < p.maxIdle {
				p.idle[id] = true
			}
		case reply := <-p.stats:
			reply <- p.dials
		case l := <-p.lookups:
			p.pending = append(p.pending, l)
		case <-tick.C:
			p.reap()
		case <-p.done:
			return
		}
	}
}

func (p *Pool) take() int {
	for id := range p.idle {
		delete(p.idle, id)
		return id
	}
	if p.paused {
		return -1
	}
	p.dials++
	return p.dials
}

func (p *Pool) reap() {
	p.Flush()
	for _, l := range p.pending {
		l.found = p.idle[l.id]
		close(l.done)
	}
	p.pending = nil
	clear(p.idle)
}

func (p *Pool) Get() int { // want Get:`summary\(\)`
	p.calls.Add(1)
	reply := make(chan int, 1)
	p.gets <- reply
	return <-reply
}

func (p *Pool) Put(id int) { p.puts <- id }

// IdleCount reads the loop's map.
func (p *Pool) IdleCount() int { return len(p.idle) } // want `suggest for \(\*suggestclients\.Pool\)\.IdleCount: //confined:offowner: clients call it while \(\*suggestclients\.Pool\)\.loop runs \(\(\*suggestclients\.Pool\)\.Get, beside it, hands that loop its work on a channel\), the loop never does, and it touches idle, which the loop uses, without asking the loop` IdleCount:`reads suggestclients\.Pool\.idle`

// Pause writes, through a helper, what the loop reads.
func (p *Pool) Pause() { p.setPaused(true) } // want `suggest for \(\*suggestclients\.Pool\)\.Pause: //confined:offowner: clients call it while \(\*suggestclients\.Pool\)\.loop runs \(\(\*suggestclients\.Pool\)\.Get, beside it, hands that loop its work on a channel\), the loop never does, and it touches paused, which the loop uses, without asking the loop` Pause:`writes suggestclients\.Pool\.paused`

func (p *Pool) setPaused(v bool) { p.paused = v }

// Look-alikes: a round trip asks the loop; Close reads after the loop
// ended; Calls is atomic; MaxIdle reads what only New writes.
func (p *Pool) Dials() int { // want Dials:`summary\(\)`
	reply := make(chan int, 1)
	p.stats <- reply
	return <-reply
}

func (p *Pool) Close() int { // want Close:`reads suggestclients\.Pool\.dials` Close:`summary\(waits on arg0\)`
	close(p.done)
	<-p.stopped
	return p.dials
}

func (p *Pool) Calls() int64 { return p.calls.Load() }

// Look-alike: Flush is the loop's own, which its tick calls.
func (p *Pool) Flush() { p.dials = 0 } // want Flush:`writes suggestclients\.Pool\.dials`

// Look-alike: Lookup reads what the loop filled in a request it was
// handed and kept until the next tick (handed over, not the pool's
// state).
type lookup struct {
	id    int
	found bool
	done  chan struct{}
}

func (p *Pool) Lookup(id int) bool { // want Lookup:`summary\(\)` Lookup:`reads suggestclients\.lookup\.found`
	l := &lookup{id: id, done: make(chan struct{})}
	p.send(l)
	return l.wait(p)
}

func (p *Pool) send(l *lookup) { p.lookups <- l }

func (p *Pool) MaxIdle() int { return p.maxIdle } // want MaxIdle:`reads suggestclients\.Pool\.maxIdle`

func (l *lookup) wait(p *Pool) bool {
	select {
	case <-l.done:
		return l.found
	case <-p.done:
		return false
	}
}

// Look-alike: a Start method starts the loop, so a setter may run before
// it, on the goroutine that will start it. But a getter reading what the
// loop writes races whenever it runs after the Start.
type Ticker struct { // want `suggest for suggestclients\.Ticker: //confined:owner @ticker: code on the owner \(\(\*suggestclients\.Ticker\)\.run\) writes its field count without a lock; code that may run anywhere writes one of its fields too \(\(\*suggestclients\.Ticker\)\.Reset\), which the check reports where it runs off the owner`
	ticks chan int
	count int
}

func (t *Ticker) Start() { go t.run() } // want Start:`summary\(started arg0; starts a loop\)`

func (t *Ticker) run() { // want `suggest for \(\*suggestclients\.Ticker\)\.run: //confined:loop @ticker: a goroutine runs it \(go statement in \(\*suggestclients\.Ticker\)\.Start, pool\.go:\d+\) and it receives from a channel in a loop \(pool\.go:\d+\)` run:`confined:loop@ticker`
	for n := range t.ticks {
		t.count += n
	}
}

func (t *Ticker) Tick(n int) { t.ticks <- n }

func (t *Ticker) Reset() { t.count = 0 } // want Reset:`writes suggestclients\.Ticker\.count`

func (t *Ticker) Count() int { return t.count } // want `suggest for \(\*suggestclients\.Ticker\)\.Count: //confined:offowner: clients call it while \(\*suggestclients\.Ticker\)\.run runs \(\(\*suggestclients\.Ticker\)\.Tick, beside it, hands that loop its work on a channel\), the loop never does, and it touches count, which the loop uses, without asking the loop` Count:`reads suggestclients\.Ticker\.count`

// Look-alike: no method hands the loop work (it drains a channel it was
// given): Snapshot is the watcher's getter, owned by its caller.
type Watch struct { // want `suggest for suggestclients\.Watch: //confined:owner @watch: code on the owner \(\(\*suggestclients\.Watch\)\.follow\) writes its field last without a lock, and no other code writes it but where a value is built`
	last int
}

func Watching(events <-chan int) *Watch { // want Watching:`summary\(started result; starts a loop\)`
	w := &Watch{}
	go w.follow(events)
	return w
}

func (w *Watch) follow(events <-chan int) { // want `suggest for \(\*suggestclients\.Watch\)\.follow: //confined:loop @watch: a goroutine runs it \(go statement in suggestclients\.Watching, pool\.go:\d+\) and it receives from a channel in a loop \(pool\.go:\d+\)` follow:`confined:loop@watch`
	for e := range events {
		w.last = e
	}
}

func (w *Watch) Snapshot() int { return w.last } // want Snapshot:`reads suggestclients\.Watch\.last`
