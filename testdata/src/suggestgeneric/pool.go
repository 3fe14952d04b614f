// Package suggestgeneric: a generic pool whose generic constructor starts
// its loop (the go statement starts an instance of run, whose body is the
// generic method's). The loop owns the idle list; a stats goroutine reads
// it off the loop. Look-alike: a generic gauge whose goroutine only wakes
// on a ticker, no loop.
package suggestgeneric

import "time"

type request[C any] struct{ reply chan C }

type Pool[C any] struct { // want `suggest for suggestgeneric.Pool\[C\]: //confined:owner: code on the owner \(\(\*suggestgeneric.Pool\[C\]\).run\) writes 2 of its fields \(dials, idle\) without a lock`
	idle  []C
	getCh chan request[C]
	putCh chan C
	dials int
}

func New[C any]() *Pool[C] { // want New:`summary\(started result; starts a loop\)`
	p := &Pool[C]{getCh: make(chan request[C]), putCh: make(chan C)}
	go p.run()
	go p.report()
	return p
}

func (p *Pool[C]) run() { // want `suggest for \(\*suggestgeneric.Pool\[C\]\).run: //confined:loop: a goroutine runs it` run:`confined:loop`
	for {
		select {
		case r := <-p.getCh:
			var c C
			if n := len(p.idle); n > 0 {
				c, p.idle = p.idle[n-1], p.idle[:n-1]
			} else {
				p.dials++
			}
			r.reply <- c
		case c := <-p.putCh:
			p.idle = append(p.idle, c)
		}
	}
}

func (p *Pool[C]) Get() C { // want Get:`summary\(\)`
	r := request[C]{reply: make(chan C)}
	p.getCh <- r
	return <-r.reply
}

func (p *Pool[C]) Put(c C) { p.putCh <- c }

func (p *Pool[C]) report() {
	for range time.Tick(time.Second) {
		println(p.dials)
	}
}

// Look-alike: a generic gauge whose goroutine only wakes on a ticker
// receives no work: no loop, whatever its constructor starts.
type Gauge[T any] struct {
	last T
	in   chan T
}

func NewGauge[T any]() *Gauge[T] { // want NewGauge:`summary\(started result\)`
	g := &Gauge[T]{in: make(chan T, 1)}
	go g.sample()
	return g
}

func (g *Gauge[T]) sample() {
	for range time.Tick(time.Second) {
		select {
		case v := <-g.in:
			g.last = v
		default:
		}
	}
}
