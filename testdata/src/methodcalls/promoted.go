package methodcalls

import "time"

// A method value of a field, the method promoted from an embedded struct,
// reads nothing of the field: handed to a hop, the method runs on the
// owner and touches nothing off it. Called off the owner, it is the
// finding.

type base struct{ hidden bool }

func (b *base) Hide() { b.hidden = true }

//confined:owner
type notice struct { // want notice:"confined:owner"
	base
	text string
}

func (n *notice) Clear() { n.text = "" } // want Clear:"summary\\(arg0 writes methodcalls.notice.text\\)"

//confined:owner
type screen struct { // want screen:"confined:owner"
	//confined:any
	notice *notice
	jobs   chan func()
}

//confined:hop
func (s *screen) Do(f func()) { s.jobs <- f } // want Do:"confined:hop\\[1\\]" Do:"summary\\(hop arg1\\)"

//confined:loop
func (s *screen) Run() { // want Run:"confined:loop"
	for f := range s.jobs {
		f()
	}
}

func (s *screen) later() {
	time.AfterFunc(time.Second, func() {
		s.Do(s.notice.Hide)
		s.Do(s.notice.Clear)
		s.notice.Hide() // want `writes confined methodcalls.notice.base off the owner`
	})
}
