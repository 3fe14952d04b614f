package touches

import (
	"maps"
	"sync"
)

// A stockroom's map, handed to a helper that ranges it: the helper reads
// the map's entries, which the owner writes (restock), at the helper's
// line, where the race detector names the race; the read of the field to
// hand it on joins that finding (the field itself is never reassigned).
//
//confined:owner
type stockroom struct { // want stockroom:"confined:owner"
	stock map[string]int
}

func (s *stockroom) restock(k string) { s.stock[k]++ }

func (s *stockroom) total() int { return sum(s.stock) }

func sum(stock map[string]int) int {
	n := 0
	for _, u := range stock { // want `calls confined \(\*touches.stockroom\).total off the owner: this code runs via a go statement \(entries.go:\d+\); inside, it reads the entries of touches.stockroom.stock, reads touches.stockroom.stock;` `reads the entries of confined touches.stockroom.stock off the owner: this code runs via a go statement \(entries.go:\d+\); path touches.sum → the entries of touches.stockroom.stock;`
		n += u
	}
	return n
}

// Look-alikes: a helper taking only the map's length reads no entries
// (the finding is the field's read, in count); one summing a map made
// where it is called reads nobody's.
func (s *stockroom) count() int {
	return size(s.stock) // want `calls confined \(\*touches.stockroom\).count off the owner: this code runs via a go statement \(entries.go:\d+\); inside, it reads touches.stockroom.stock;`
}

func size(m map[string]int) int { return len(m) }

func (s *stockroom) sample() int { return sum(map[string]int{"a": 1}) }

// A goroutine's own body handing the map on: the entries' read is the
// helper's line, which the read of the field joins (the field is never
// reassigned: its read races with nothing).
func auditNow(s *stockroom) {
	go func() { println(sum(s.stock)) }()
}

// A goroutine started with the field's map ranges it while the owner
// fills it: the entries are shared, not handed over. Look-alikes: a map
// swapped out before the start, or a copy, is the goroutine's own.
//
//confined:owner
type shelf struct { // want shelf:"confined:owner"
	items map[string]int
}

func (s *shelf) fill(k string) { s.items[k]++ }

func (s *shelf) publish() {
	go report(s.items)
}

func report(items map[string]int) {
	for k := range items { // want `reads the entries of confined touches.shelf.items off the owner: this code runs via a go statement \(entries.go:\d+\); path touches.report → the entries of touches.shelf.items;` `reads the entries of confined touches.shelf.items off the owner: this code runs via a go statement \(entries.go:\d+\); path touches.report → the entries of touches.shelf.items;`
		println(k)
	}
}

// Look-alike of auditNow: a goroutine's body handing on a field other
// code reassigns (publishSwapped) reads the field racing with that too.
func (s *shelf) publishLater() {
	go func() { report(s.items) }() // want `reads confined touches.shelf.items off the owner: this code runs via a go statement`
}

func (s *shelf) publishSwapped() {
	old := s.items
	s.items = map[string]int{}
	go report(old)
}

// A value receiver's copy of the struct still holds the owner's map.
func (s shelf) publishByValue() {
	go reportAgain(s.items)
}

func reportAgain(items map[string]int) {
	for k := range items { // want `reads the entries of confined touches.shelf.items off the owner: this code runs via a go statement \(entries.go:\d+\); path touches.reportAgain → the entries of touches.shelf.items;`
		println(k)
	}
}

func (s *shelf) publishCopy() {
	go report(maps.Clone(s.items))
}

// The same hand-on through a variable that holds the field's map or a
// clone of it: the clone reads the owner's entries first, on one way, and
// the helper ranges them on the other (the field's read joins the first,
// as in total).
func (s *stockroom) totalMaybeCopied(copied bool) int {
	m := s.stock
	if copied {
		m = maps.Clone(m) // want `calls confined \(\*touches.stockroom\).totalMaybeCopied off the owner: this code runs via a go statement \(entries.go:\d+\); inside, it reads the entries of touches.stockroom.stock, reads touches.stockroom.stock;`
	}
	return tally(m)
}

func tally(stock map[string]int) int {
	n := 0
	for _, u := range stock {
		n += u
	}
	return n
}

// A helper handing the map it was handed on to another: the entries are
// read two calls deep.
func (s *stockroom) totalDeep() int { return forward(s.stock) }

func forward(stock map[string]int) int { return countUnits(stock) }

func countUnits(stock map[string]int) int {
	n := 0
	for _, u := range stock { // want `calls confined \(\*touches.stockroom\).totalDeep off the owner: this code runs via a go statement \(entries.go:\d+\); inside, it reads the entries of touches.stockroom.stock, reads touches.stockroom.stock;`
		n += u
	}
	return n
}

// A generic helper: its instance runs the generic body.
func (s *stockroom) totalGeneric() int { return sumAny(s.stock) }

func sumAny[K comparable](m map[K]int) int {
	n := 0
	for _, u := range m { // want `calls confined \(\*touches.stockroom\).totalGeneric off the owner: this code runs via a go statement \(entries.go:\d+\); inside, it reads the entries of touches.stockroom.stock, reads touches.stockroom.stock;`
		n += u
	}
	return n
}

func stockNow(s *stockroom) {
	go s.totalGeneric()
	go s.totalDeep()
	go s.total()
	go s.count()
	go s.sample()
	go s.totalMaybeCopied(true)
}

// An export looking a lot up, then handing its bids to a helper: reads in
// the order they run, the lookup's line first (the owner adds lots), then
// the bids' field (appended to by the owner). Their entries, which the
// owner's appends never rewrite, race with nothing.
//
//confined:owner
type auction struct { // want auction:"confined:owner"
	lots map[int]*lotBids
}

//confined:owner
type lotBids struct { // want lotBids:"confined:owner"
	bids []int
}

func (a *auction) open(id int) { a.lots[id] = &lotBids{} }

func (l *lotBids) place(b int) { l.bids = append(l.bids, b) }

func (a *auction) export(id int) {
	if l, ok := a.lots[id]; ok { // want `calls confined \(\*touches.auction\).export off the owner: this code runs via a go statement \(entries.go:\d+\); inside, it reads touches.auction.lots;`
		sumBids(l.bids) // want `calls confined \(\*touches.auction\).export off the owner: this code runs via a go statement \(entries.go:\d+\); inside, it reads touches.lotBids.bids;`
	}
}

func sumBids(bids []int) int {
	n := 0
	for _, b := range bids {
		n += b
	}
	return n
}

func exportNow(a *auction) { go a.export(1) }

// A map held in a struct a confined field holds (m.st.drafts, st
// confined): its entries are that field's state too.
type draftState struct{ drafts map[int]string }

type mailer struct {
	//confined:owner
	st draftState // want st:`confined:owner`
}

func (m *mailer) edit(k int, text string) { m.st.drafts[k] = text }

func (m *mailer) autosave() {
	go saveAll(m.st.drafts)
}

func saveAll(drafts map[int]string) {
	for k := range drafts { // want `reads the entries of confined touches.mailer.st off the owner: this code runs via a go statement \(entries.go:\d+\); path touches.saveAll → the entries of touches.mailer.st;`
		println(k)
	}
}

func (m *mailer) autosaveLater() {
	go func() { println(countDrafts(m.st.drafts)) }()
}

func countDrafts(drafts map[int]string) int {
	n := 0
	for range drafts { // want `reads the entries of confined touches.mailer.st off the owner: this code runs via a go statement \(entries.go:\d+\); path touches.countDrafts → the entries of touches.mailer.st;`
		n++
	}
	return n
}

// A batch cut from a buffer that is then cut back to length zero keeps
// the buffer's array: the owner's next append writes the entries the
// goroutine reads. So does a batch a closure captures for a sink
// (wg.Go). Look-alike: a buffer replaced before the start.
//
//confined:owner
type batcher struct { // want batcher:"confined:owner"
	buf []int
	wg  sync.WaitGroup
}

func (b *batcher) add(v int) { b.buf = append(b.buf, v) }

func (b *batcher) flush() {
	batch := b.buf
	b.buf = b.buf[:0]
	go total(batch)
}

func total(xs []int) (t int) {
	for _, x := range xs { // want `reads the entries of confined touches.batcher.buf off the owner: this code runs via a go statement \(entries.go:\d+\); path touches.total → the entries of touches.batcher.buf;`
		t += x
	}
	return t
}

func (b *batcher) flushGroup() {
	batch := b.buf
	b.buf = b.buf[:0]
	b.wg.Go(func() { totalGroup(batch) })
}

func totalGroup(xs []int) (t int) {
	for _, x := range xs { // want `reads the entries of confined touches.batcher.buf off the owner: this code runs via \(\*sync.WaitGroup\).Go \(entries.go:\d+\)`
		t += x
	}
	return t
}

func (b *batcher) flushFresh() {
	batch := b.buf
	b.buf = nil
	go totalFresh(batch)
}

func totalFresh(xs []int) (t int) {
	for _, x := range xs {
		t += x
	}
	return t
}
