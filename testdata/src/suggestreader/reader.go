// Package suggestreader: a loop that only serves a table another goroutine
// replaces owns the table, and the refresher is the race.
package suggestreader

// A loop that only serves a table another goroutine replaces: it reads the
// table, owns it, and the refresher is the race.
type rates struct { // want `suggest for suggestreader\.rates: //confined:owner: code off the owner \(\(\*suggestreader\.rates\)\.refresh\) touches its field table without a lock`
	table map[string]float64
	reqs  chan string
	out   chan float64
}

func newRates() *rates {
	r := &rates{table: map[string]float64{}, reqs: make(chan string), out: make(chan float64)}
	go r.serve()
	go r.refresh()
	return r
}

func (r *rates) serve() { // want `suggest for \(\*suggestreader.rates\).serve: //confined:loop` serve:`confined:loop`
	for c := range r.reqs {
		r.out <- r.table[c]
	}
}

func (r *rates) refresh() { r.table = map[string]float64{"x": 1} }
