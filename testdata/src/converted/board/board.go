// Package board keeps a tally on its loop. It does not import jobs: only
// app, which hands a Board to a jobs.Pool as its Notifier, sees that
// Done runs on a job's goroutine.
package board

//confined:owner
type Board struct { // want Board:`confined:owner`
	done  []string
	inbox chan func()
}

func New() *Board { // want New:`summary\(started result; starts a loop\)`
	b := &Board{inbox: make(chan func())}
	go b.loop()
	return b
}

//confined:loop
func (b *Board) loop() { // want loop:`confined:loop`
	for f := range b.inbox {
		f()
	}
}

//confined:hop
func (b *Board) Post(f func()) { b.inbox <- f } // want Post:`confined:hop\[1\]` Post:`summary\(hop arg1\)`

// Done records id on whatever goroutine calls it.
func (b *Board) Done(id string) { b.done = append(b.done, id) } // want Done:`summary\(arg0 writes board\.Board\.done\)`

// Relay's Done hands the id to the board's loop.
type Relay struct{ B *Board }

func (r Relay) Done(id string) {
	r.B.Post(func() { r.B.done = append(r.B.done, id) })
}
