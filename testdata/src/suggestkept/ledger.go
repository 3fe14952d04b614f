// Package suggestkept: a helper the loop's value keeps in a field, which
// the goroutines its loop starts call (go func() { l.hist.add(v) }()) and
// the loop reads, is the loop's: the goroutines' calls write it off the
// owner. A goroutine handed an element of the value's slice works on a
// part of its own (look-alike).
package suggestkept

type histogram struct{ samples []int } // want `suggest for suggestkept\.histogram: //confined:owner: code off the owner \(func literal in \(\*suggestkept\.Ledger\)\.run\) touches its field samples without a lock, while code on the owner \(\(\*suggestkept\.Ledger\)\.run\) reads it: it is that owner's, and the check reports the goroutines`

func (h *histogram) add(v int) { h.samples = append(h.samples, v) }

type Ledger struct { // want `suggest for suggestkept\.Ledger: //confined:owner: code on the owner \(\(\*suggestkept\.Ledger\)\.run\) writes its field n without a lock, and no other code writes it but where a value is built`
	inbox chan int
	hist  *histogram // want `suggest for field hist: //confined:any: only code building a Ledger writes it, and func literal in \(\*suggestkept\.Ledger\)\.run reads it off the owner`
	n     int
	out   chan int
}

func Start() *Ledger { // want Start:`summary\(started result; starts a loop\)`
	l := &Ledger{inbox: make(chan int), hist: &histogram{}, out: make(chan int)}
	go l.run()
	return l
}

func (l *Ledger) run() { // want `suggest for \(\*suggestkept\.Ledger\)\.run: //confined:loop: a goroutine runs it \(go statement in suggestkept\.Start, ledger\.go:21\) and it receives from a channel in a loop \(ledger\.go:26\)` run:`confined:loop`
	for v := range l.inbox {
		l.n++
		if v < 0 {
			l.out <- len(l.hist.samples)
			continue
		}
		go func() {
			l.hist.add(v)
		}()
	}
}

// Look-alike: each goroutine fills the bucket its iteration picks.
type bucket struct{ items []int }

func (b *bucket) fill(n int) { b.items = append(b.items, n) }

type Sorter struct {
	buckets []*bucket
}

func (s *Sorter) Spread(n int) { // want Spread:`summary\(started arg0\)` Spread:`reads suggestkept\.Sorter\.buckets`
	for i := range s.buckets {
		go func() {
			s.buckets[i].fill(n)
		}()
	}
}
