// Package jobs runs jobs on goroutines of its own and tells its Notifier
// there when each ends. It imports neither board nor app.
package jobs

type Notifier interface{ Done(id string) } // want Done:`entry point, called off the owner by \(\*jobs\.Pool\)\.Run`

type Pool struct{ n Notifier }

func New(n Notifier) *Pool { return &Pool{n: n} }

func (p *Pool) Run(id string, f func()) { // want Run:`summary\(async arg2\)`
	go func() {
		f()
		p.n.Done(id)
	}()
}
