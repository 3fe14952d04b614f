package worker

import "context"

// An Executor runs the funcs posted to it, one at a time, on the goroutine
// that calls Run: types of other packages embed it as their loop.
type Executor struct {
	reqs chan func()
}

func NewExecutor() *Executor { return &Executor{reqs: make(chan func(), 1)} }

//confined:loop @exec
func (e *Executor) Run(ctx context.Context) { // want Run:`confined:loop@exec`
	for {
		select {
		case <-ctx.Done():
			return
		case fn := <-e.reqs:
			fn()
		}
	}
}

//confined:hop @exec fn
func (e *Executor) Post(fn func()) { e.reqs <- fn } // want Post:`confined:hop@exec\[1\]` Post:`summary\(hop arg1 @exec\)`
