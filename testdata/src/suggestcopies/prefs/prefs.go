// Package prefs: preferences of flags and numbers, held by value in a
// reader its loop owns. The loop's write of r.prefs.Hide writes the
// reader's field, and the copy a timer saves shares nothing: Prefs gets no
// owner of its own. Stats, which the reader holds behind a pointer, does.
package prefs

import "time"

type Prefs struct {
	Hide   bool
	Volume int
}

type Stats struct { // want `suggest for prefs\.Stats: //confined:owner: code on the owner \(\(\*prefs\.Reader\)\.run\) writes its field Hits without a lock, and no other code writes it but where a value is built`
	Hits int
}

type Reader struct { // want `suggest for prefs\.Reader: //confined:owner: code on the owner \(\(\*prefs\.Reader\)\.run\) writes its field prefs without a lock, and no other code writes it but where a value is built`
	in    chan bool
	prefs Prefs
	stats *Stats
}

func New(save func(Prefs)) *Reader { // want New:`summary\(started result; starts a loop\)`
	r := &Reader{in: make(chan bool), stats: &Stats{}}
	go r.run(save)
	return r
}

func (r *Reader) run(save func(Prefs)) { // want `suggest for \(\*prefs\.Reader\)\.run: //confined:loop: a goroutine runs it \(go statement in prefs\.New, prefs\.go:26\) and it receives from a channel in a loop \(prefs\.go:31\)` run:`confined:loop`
	for hide := range r.in {
		r.prefs.Hide = hide
		r.stats.Hits++
		snapshot := r.prefs
		time.AfterFunc(time.Second, func() { save(snapshot) })
	}
}

func (r *Reader) Toggle(hide bool) { r.in <- hide }
