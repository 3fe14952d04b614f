package touches

import "time"

// A field the starting code assigns just before the start is still read
// off the owner by the started code: the advice is to take its value
// before the start, not to hop.

//confined:owner
type ticking struct { // want ticking:"confined:owner"
	ticker *time.Ticker
	n      int
}

func (i *ticking) start(t *time.Ticker) {
	i.ticker = t
	go func() {
		for range i.ticker.C { // want `reads confined touches.ticking.ticker off the owner: .*; fix: take the value of ticker before the start and hand that to the started code`
		}
	}()
}

// Look-alike: assigned after the start, where the started code may read
// it: the usual advice.
func (i *ticking) startFirst(t *time.Ticker) {
	go func() {
		for range i.ticker.C { // want `reads confined touches.ticking.ticker off the owner: .*; fix: no loop runs the owner`
		}
	}()
	i.ticker = t
}
