// Package upper: a loop of its own over a table of base, whose loop is
// of the default owner. This package's loop is named, so that it is not
// the table's owner too: its direct read of the table's rows is then
// another owner's.
package upper

import "example.com/importedloopsnamed/base"

type Syncer struct {
	ops   chan func()
	tick  chan struct{}
	t     *base.Table
	total int
}

func (s *Syncer) run() {
	for {
		select {
		case op := <-s.ops:
			op()
		case <-s.tick:
			for _, n := range s.t.Rows() {
				s.total += n
			}
		}
	}
}

func (s *Syncer) Total() int {
	reply := make(chan int)
	s.ops <- func() { reply <- s.total }
	return <-reply
}

func Start(t *base.Table) *Syncer {
	s := &Syncer{ops: make(chan func()), tick: make(chan struct{}), t: t}
	go s.run()
	return s
}
