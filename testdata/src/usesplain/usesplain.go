// Package usesplain hands closures to an unannotated helper package.
package usesplain

import (
	"plainutil"
	"time"
)

//confined:owner
type state struct { // want state:"confined:owner"
	n int
}

func use(s *state, p *plainutil.Pool) {
	plainutil.Go(func() {
		s.n++ // want `writes confined usesplain.state.n off the owner: this code runs via plainutil.Go`
	})
	plainutil.Later(time.Second, func() {
		s.n++ // want `via plainutil.Later`
	})
	plainutil.Twice(func() {
		s.n++ // want `via plainutil.Twice`
	})
	p.Submit(func() {
		s.n++ // want `via \(\*plainutil.Pool\).Submit`
	})
	plainutil.Now(func() { s.n++ }) // look-alike negative: runs here, on the owner
}
