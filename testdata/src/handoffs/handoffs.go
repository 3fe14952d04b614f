// Package handoffs checks values the owner gives to code it starts off the
// owner and can no longer reach (that code's own), and the look-alikes it
// still shares with that code (whose touches are the findings).
package handoffs

import "time"

//confined:owner
type Batch struct { // want Batch:"confined:owner"
	items []string
	n     int
}

//confined:owner
type Writer struct { // want Writer:"confined:owner"
	cur *Batch
	all []*Batch
}

func flush(b *Batch) {
	b.n = len(b.items) // want `writes confined handoffs.Batch.n off the owner: this code runs via a go statement` `writes confined handoffs.Batch.n off the owner: this code runs via a go statement` `writes confined handoffs.Batch.n off the owner` `writes confined handoffs.Batch.n off the owner: this code runs via a go statement` `writes confined handoffs.Batch.n off the owner` `writes confined handoffs.Batch.n off the owner`
	b.items = nil      // want `writes confined handoffs\.Batch\.items off the owner: this code runs via a go statement \(shared\.go:18\)` `writes confined handoffs\.Batch\.items off the owner: this code runs via a go statement \(handoffs\.go:52\)` `writes confined handoffs\.Batch\.items off the owner: this code runs via a go statement \(handoffs\.go:46\)` `writes confined handoffs\.Batch\.items off the owner: this code runs via a go statement \(loops\.go:25\)` `writes confined handoffs\.Batch\.items off the owner: this code runs via a go statement \(handoffs\.go:38\)` `writes confined handoffs\.Batch\.items off the owner: this code runs via a go statement \(shared\.go:41\)`
}

// rotate gives the current batch away and starts a new one: the batch is
// flush's.
func (w *Writer) rotate() {
	b := w.cur
	w.cur = &Batch{}
	go flush(b)
}

// rotateLate gives it away and keeps touching it: it shares it, and the
// goroutine's touches are the findings, not the writer's own.
func (w *Writer) rotateLate() {
	b := w.cur
	w.cur = &Batch{}
	go flush(b)
	b.n++
}

// keep hands the batch off without replacing it: the writer still reaches
// it through w.cur.
func (w *Writer) keep() {
	b := w.cur
	go flush(b)
}

// replaceAfter replaces it only after the hand-off: racy until then.
func (w *Writer) replaceAfter() {
	b := w.cur
	go flush(b)
	w.cur = &Batch{}
}

// fresh makes a batch and gives it away.
func (w *Writer) fresh(items []string) {
	b := &Batch{items: items}
	go func() {
		b.n = len(b.items)
	}()
}

// freshKept makes one, keeps it, and gives it away: both reach it.
func (w *Writer) freshKept(items []string) {
	b := &Batch{items: items}
	w.all = append(w.all, b)
	go func() {
		b.n++ // want `writes confined handoffs.Batch.n off the owner`
	}()
}

// later hands a replaced batch to a timer's callback.
func (w *Writer) later() {
	b := w.cur
	w.cur = &Batch{}
	time.AfterFunc(time.Second, func() { b.n++ })
}

func (b *Batch) flushLater() { b.n++ } // want `calls confined \(\*handoffs.Batch\).flushLater off the owner`

// A method value bound to a batch the function made, and nothing else
// holds: handed off.
func (w *Writer) freshMethodValue() {
	b := &Batch{}
	time.AfterFunc(time.Second, b.flushLater)
}

// Look-alike: the same method value while a closure captures the same
// variable: both may run, so the batch is shared, not handed off.
func (w *Writer) sharedMethodValue() {
	b := &Batch{}
	time.AfterFunc(time.Second, b.flushLater)
	time.AfterFunc(time.Second, func() {
		b.n++ // want `writes confined handoffs.Batch.n off the owner`
	})
}
