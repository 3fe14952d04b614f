// Package embeddedforeign: a board's loop writes the fields of the
// builds it keeps, which embed another package's record. Those writes are
// of the builds' memory: the build type is proposed owned, not the record
// type, which its package uses elsewhere.
package embeddedforeign

import "example.com/embeddedforeign/record"

type note struct {
	Text string
}

type Build struct {
	record.Info
	note
	Reruns int
}

type board struct {
	ops    chan func()
	builds map[string]*Build
}

func (b *board) run() {
	for f := range b.ops {
		f()
	}
}

func (b *board) post(f func()) { b.ops <- f }

func (b *board) update(id, status string) {
	b.post(func() {
		if x := b.builds[id]; x != nil {
			x.Status = status
			x.Text = status
			x.Reruns++
		}
	})
}

func (b *board) track(x *Build, p int) {
	go func() {
		x.Progress = p
		x.Text = "tracked"
	}()
}

func start() *board {
	b := &board{ops: make(chan func()), builds: map[string]*Build{}}
	go b.run()
	return b
}
