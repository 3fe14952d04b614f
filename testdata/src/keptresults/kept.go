// Package keptresults: a value a callee makes and returns is the caller's
// own, unless the callee also keeps it in state it was handed (l :=
// &lot{}; h.lots[id] = l; return l): then the caller shares it with that
// state's owner, and code it starts touching the value is a finding.
package keptresults

import "time"

//confined:owner
type lot struct{ open bool } // want lot:"confined:owner"

//confined:owner
type house struct{ lots map[int]*lot } // want house:"confined:owner"

// open makes a lot and keeps it in the house.
func (h *house) open(id int) *lot {
	l := &lot{open: true}
	h.lots[id] = l
	return l
}

// fresh makes a lot and keeps it nowhere.
func (h *house) fresh() *lot { return &lot{open: true} }

//confined:loop
func (h *house) run(ids chan int) {
	for id := range ids {
		l := h.open(id)
		time.AfterFunc(time.Second, func() {
			l.open = false // want `writes confined keptresults.lot.open off the owner: this code runs via time.AfterFunc`
		})
		// Look-alike: a lot the house does not keep is the timer's.
		f := h.fresh()
		time.AfterFunc(time.Second, func() {
			f.open = false
		})
	}
}
