// Package suggestnamed: where loops run, a type that only goroutines write,
// and no loop touches, gets no owner: which of them it belongs to, if any,
// is for the user to say. -suggest -explain says so.
package suggestnamed

type inbox struct { // want `suggest for suggestnamed.inbox: //confined:owner @audit`
	q    chan func()
	seen int
}

//confined:loop @audit
func (b *inbox) run() { // want run:`confined:loop@audit`
	for f := range b.q {
		f()
		b.seen++
	}
}

type counter struct{ n int } // want `explain: no //confined:owner for suggestnamed.counter: code off the owner writes it and no loop touches it, but the program has loops`

func (c *counter) bumpAll() {
	for range 3 {
		go func() { c.n++ }()
	}
}
