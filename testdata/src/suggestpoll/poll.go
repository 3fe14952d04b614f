// Package suggestpoll: a loop whose select has a default that does other
// work and loops again polls its mailbox: it receives work, and owns what
// it writes. A select whose default is empty, or leaves the loop, drains
// channels and waits for no work (drain.go).
package suggestpoll

import "time"

type Poller struct { // want `suggest for suggestpoll\.Poller: //confined:owner: code on the owner \(\(\*suggestpoll\.Poller\)\.run\) writes its field idle without a lock, and besides where a value is built only code off the owner does \(func literal in \(\*suggestpoll\.Poller\)\.Wake\), which the check then reports`
	inbox chan func()
	idle  int
}

func NewPoller() *Poller { // want NewPoller:`summary\(started result; starts a loop\)` NewPoller:`may block`
	p := &Poller{inbox: make(chan func(), 8)}
	go p.run()
	return p
}

func (p *Poller) run() { // want `suggest for \(\*suggestpoll\.Poller\)\.run: //confined:loop: a goroutine runs it \(go statement in suggestpoll\.NewPoller, poll\.go:16\) and it receives from a channel in a loop \(poll\.go:22\)` run:`confined:loop`
	for {
		select {
		case f := <-p.inbox:
			f()
		default:
			p.idle++
			time.Sleep(time.Millisecond)
		}
	}
}

func (p *Poller) Post(f func()) { p.inbox <- f } // want `suggest for \(\*suggestpoll\.Poller\)\.Post: //confined:hop f: it sends f on inbox, which the loop \(\*suggestpoll\.Poller\)\.run calls` Post:`confined:hop\[1\]` Post:`summary\(hop arg1\)`

// Wake resets the idle count off the loop: the race.
func (p *Poller) Wake() { go func() { p.idle = 0 }() } // want Wake:`summary\(started arg0\)`
