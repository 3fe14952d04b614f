// Package sharedresults: a getter that asks a started loop for its own
// records (pointers it keeps in its maps) shares them with its caller;
// the caller's later touches of them run beside the loop.
package sharedresults

import "sort"

//confined:owner
type Desk struct { // want Desk:`confined:owner`
	mailbox chan func()   //confined:any
	quit    chan struct{} //confined:any
	done    chan struct{} //confined:any
	holds   map[string]*Hold
	next    int
}

//confined:owner
type Hold struct { // want Hold:`confined:owner`
	ID    string
	Count int
}

func New() *Desk { // want New:`summary\(started result; starts a loop\)`
	d := &Desk{mailbox: make(chan func()), quit: make(chan struct{}), done: make(chan struct{}), holds: map[string]*Hold{}}
	go d.run()
	return d
}

//confined:loop
func (d *Desk) run() { // want run:`confined:loop`
	defer close(d.done)
	for {
		select {
		case fn := <-d.mailbox:
			fn()
		case <-d.quit:
			return
		}
	}
}

// Close stops the loop and waits for it.
func (d *Desk) Close() { // want Close:`summary\(waits on arg0\)`
	close(d.quit)
	<-d.done
}

//confined:hop fn
func (d *Desk) post(fn func()) { d.mailbox <- fn }

// call runs fn on the loop and waits for its result.
func call[T any](d *Desk, fn func() T) T {
	reply := make(chan T, 1)
	d.post(func() { reply <- fn() })
	return <-reply
}

// Holds returns the loop's own records.
func (d *Desk) Holds() []*Hold {
	return call(d, func() []*Hold {
		out := make([]*Hold, 0, len(d.holds))
		for _, h := range d.holds {
			out = append(out, h)
		}
		return out
	})
}

// Place makes a record on the loop, keeps it and returns it.
func (d *Desk) Place(id string) *Hold {
	return call(d, func() *Hold {
		h := &Hold{ID: id}
		d.holds[id] = h
		return h
	})
}

// Bump counts a hold on the loop.
func (d *Desk) Bump(id string) { d.post(func() { d.holds[id].Count++ }) }

func count(h *Hold) int { return h.Count } // want `reads confined sharedresults\.Hold\.Count off the owner: this code runs via the code that started the loop \(\*sharedresults\.Desk\)\.run, which goes on beside it \(sharedresults\.go:\d+\); path sharedresults\.total → sharedresults\.count → sharedresults\.Hold\.Count; fix: hop back to the owner through`

func total(hs []*Hold) int {
	n := 0
	for _, h := range hs {
		n += count(h)
	}
	return n
}

// totalSorted ranges over a copy of the slice: the copy holds the same
// records.
func totalSorted(hs []*Hold) int {
	sorted := make([]*Hold, len(hs))
	copy(sorted, hs)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	n := 0
	for _, h := range sorted {
		n += h.Count // want `reads confined sharedresults\.Hold\.Count off the owner: this code runs via the code that `
	}
	return n
}

// SumValues copies plain records: the copy touches nothing of its
// argument.
func SumValues(hs []Hold) int { // want SumValues:`summary\(reads the entries of arg0\)`
	vals := make([]Hold, len(hs))
	copy(vals, hs)
	n := 0
	for i := range vals {
		vals[i].Count++
		n += vals[i].Count
	}
	return n
}

func ReportSorted() int {
	d := New()
	d.Place("a")
	d.Bump("a")
	return totalSorted(d.Holds())
}

func Report() int {
	d := New()
	d.Place("a")
	d.Bump("a")
	return total(d.Holds())
}

func Placed() int {
	d := New()
	h := d.Place("a")
	d.Bump("a")
	return h.Count // want `reads confined sharedresults\.Hold\.Count off the owner: this code runs via the code that `
}

// Look-alikes: copies made on the loop, a record made per call and not
// kept, and records read once the loop has ended.

// Copies returns copies of the loop's records.
func (d *Desk) Copies() []Hold { // want Copies:`summary\(\)`
	return call(d, func() []Hold {
		out := make([]Hold, 0, len(d.holds))
		for _, h := range d.holds {
			out = append(out, *h)
		}
		return out
	})
}

// Snapshot returns a new record with one hold's count.
func (d *Desk) Snapshot(id string) *Hold { // want Snapshot:`summary\(\)`
	return call(d, func() *Hold {
		return &Hold{ID: id, Count: d.holds[id].Count}
	})
}

func ReportCopies() int {
	d := New()
	d.Place("a")
	n := 0
	for _, h := range d.Copies() {
		n += h.Count
	}
	return n
}

func SnapshotCount() int {
	d := New()
	d.Place("a")
	d.Bump("a")
	return count(d.Snapshot("a"))
}

func ClosedReport() int {
	d := New()
	hs := d.Holds()
	d.Close()
	return total(hs)
}
