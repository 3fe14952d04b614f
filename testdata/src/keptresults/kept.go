// Package keptresults: a value a callee makes and returns is the caller's
// own, unless the callee also keeps it in state it was handed (l :=
// &lot{}; h.lots[id] = l; return l): then the caller shares it with that
// state's owner, and code it starts touching the value is a finding.
package keptresults

import "time"

//confined:owner
type lot struct{ open bool } // want lot:"confined:owner"

//confined:owner
type house struct { // want house:"confined:owner"
	lots    map[int]*lot
	waiting []*lot
}

// open makes a lot and keeps it in the house.
func (h *house) open(id int) *lot {
	l := &lot{open: true}
	h.lots[id] = l
	return l
}

// queue makes a lot and keeps it in the house's slice.
func (h *house) queue() *lot {
	l := &lot{}
	h.waiting = append(h.waiting, l)
	return l
}

// staged makes a lot and appends it to a slice of its own, kept nowhere.
func (h *house) staged() *lot {
	var batch []*lot
	l := &lot{}
	batch = append(batch, l)
	println(len(batch))
	return l
}

// fresh makes a lot and keeps it nowhere.
func (h *house) fresh() *lot { return &lot{open: true} }

//confined:loop
func (h *house) run(ids chan int) { // want run:`confined:loop`
	for id := range ids {
		l := h.open(id)
		time.AfterFunc(time.Second, func() {
			l.open = false // want `writes confined keptresults.lot.open off the owner: this code runs via time.AfterFunc`
		})
		q := h.queue()
		go func() {
			q.open = true // want `writes confined keptresults.lot.open off the owner: this code runs via a go statement`
		}()
		// Look-alikes: a lot the house does not keep is the goroutine's or
		// the timer's.
		st := h.staged()
		go func() {
			st.open = true
		}()
		f := h.fresh()
		time.AfterFunc(time.Second, func() {
			f.open = false
		})
	}
}
