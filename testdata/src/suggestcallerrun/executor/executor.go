// Package executor: an exported method taking a setting (a step) that
// runs the funcs its receiver's channel brings, in a loop, beside ticks:
// an executor its callers run, which owns the world. Look-alike: a method
// taking a count that waits for that many messages is a call any
// goroutine makes.
package executor

import "time"

type World struct { // want `suggest for executor.World: //confined:owner: code on the owner \(\(\*executor.World\).Run\) writes its field tick`
	ops  chan func()
	tick int
}

// Run steps the world and runs what it is sent. Start it with go w.Run(d).
func (w *World) Run(step time.Duration) { // want `suggest for \(\*executor.World\).Run: //confined:loop: its callers run it` Run:"confined:loop" Run:"writes suggestcallerrun/executor.World.tick"
	t := time.NewTicker(step)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			w.tick++
		case op := <-w.ops:
			op()
		}
	}
}

// Do runs f on the world's loop.
func (w *World) Do(f func()) { w.ops <- f } // want `suggest for \(\*executor.World\).Do: //confined:hop f` Do:"confined:hop\\[1\\]" Do:`summary\(hop arg1\)`

// Tick reads the world from the caller's goroutine.
func (w *World) Tick() int { return w.tick } // want Tick:`reads suggestcallerrun/executor\.World\.tick`

// Autosave reads the world from a goroutine of its own.
func (w *World) Autosave(save func(int)) { // want `suggest for \(\*executor.World\).Autosave: //confined:async save` Autosave:`summary\(async arg1; started arg0\)`
	go func() { save(w.Tick()) }()
}

type Inbox struct {
	msgs chan string
	seen []string
}

// Collect waits for n messages and keeps them.
func (b *Inbox) Collect(n int) { // want Collect:"writes suggestcallerrun/executor.Inbox.seen"
	for m := range b.msgs {
		b.seen = append(b.seen, m)
		if len(b.seen) == n {
			return
		}
	}
}
