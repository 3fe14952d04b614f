package par

import (
	"sync"
)

// Group runs functions on their own goroutines and remembers the first
// error any of them returned.
type Group struct {
	wg   sync.WaitGroup
	once sync.Once
	err  error
	sem  chan struct{}
}

// NewGroup returns a Group that runs at most limit functions at once.
// A non-positive limit means no limit.
func NewGroup(limit int) *Group {
	g := &Group{}
	if limit > 0 {
		g.sem = make(chan struct{}, limit)
	}
	return g
}

// Go starts fn on a new goroutine, waiting for a free slot first if the
// group is limited.
func (g *Group) Go(fn func() error) {
	if g.sem != nil {
		g.sem <- struct{}{}
	}
	g.wg.Go(func() {
		defer func() {
			if g.sem != nil {
				<-g.sem
			}
		}()
		if err := fn(); err != nil {
			g.once.Do(func() { g.err = err })
		}
	})
}

// Wait blocks until every function started with Go has returned and
// reports the first error.
func (g *Group) Wait() error {
	g.wg.Wait()
	return g.err
}
