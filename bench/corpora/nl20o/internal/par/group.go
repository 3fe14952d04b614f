package par

import (
	"context"
	"sync"
)

// Group runs related tasks on their own goroutines and reports the first
// error any of them returns. The zero value is ready to use, has no limit
// and does not cancel anything on error.
type Group struct {
	cancel  context.CancelCauseFunc
	wg      sync.WaitGroup
	sem     chan struct{}
	errOnce sync.Once
	err     error
}

// WithContext returns a Group and a context derived from ctx that is
// cancelled when a task fails or Wait returns.
func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := context.WithCancelCause(ctx)
	return &Group{cancel: cancel}, ctx
}

// SetLimit limits the number of tasks running at once to n. Go blocks while
// the limit is reached. It must not be called while tasks are running.
func (g *Group) SetLimit(n int) {
	if n < 1 {
		g.sem = nil
		return
	}
	g.sem = make(chan struct{}, n)
}

// Go runs f on a new goroutine, waiting first for a free slot if a limit is
// set.
func (g *Group) Go(f func() error) {
	if g.sem != nil {
		g.sem <- struct{}{}
	}
	g.wg.Add(1)
	go func() {
		defer g.done()
		if err := f(); err != nil {
			g.errOnce.Do(func() {
				g.err = err
				if g.cancel != nil {
					g.cancel(err)
				}
			})
		}
	}()
}

func (g *Group) done() {
	if g.sem != nil {
		<-g.sem
	}
	g.wg.Done()
}

// Wait blocks until every task has returned and returns the first error.
func (g *Group) Wait() error {
	g.wg.Wait()
	if g.cancel != nil {
		g.cancel(g.err)
	}
	return g.err
}
