package handoffs

import (
	"maps"
	"slices"
)

// Clones: slices.Clone of plain rows is new memory holding copies, the
// goroutine's own; a clone of pointers still shares the stats.
func (s *Stats) ReportCloned() {
	s.ops <- func() {
		go total(slices.Clone(s.last))
	}
}

func (s *Stats) ReportClonedPointers() { // want ReportClonedPointers:`summary\(hop arg0\)`
	s.ops <- func() {
		go totalPointers(slices.Clone(slices.Collect(maps.Values(s.byName))))
	}
}

// A copy of a confined value holds its own slice header: the length is
// the copy's; the entries are still the shared array's.
//
//confined:owner
type Board struct { // want Board:"confined:owner"
	cells []int
}

func (b Board) CountLater() { // want CountLater:`summary\(started arg0\)`
	go func() { _ = len(b.cells) }()
}

func (b Board) FirstLater() { // want FirstLater:`summary\(started arg0\)`
	go func() { _ = b.cells[0] }() // want `reads confined handoffs.Board.cells off the owner: this code runs via a go statement \(clones.go:35\)`
}

// A method with a value receiver that a go statement starts gets a copy
// of the board, made on the owner, but the copy's slice is the board's
// array: reading its cells reads the owner's. A copy whose slice the
// method replaces first reads its own; its length is its own anyway.
func (b Board) sum() (n int) {
	for _, c := range b.cells { // want `calls confined \(handoffs.Board\).sum off the owner: this code runs via a go statement \(clones.go:\d+\); inside, it reads handoffs.Board.cells`
		n += c
	}
	return n
}

func (b Board) fresh() int {
	b.cells = []int{1}
	return b.cells[0]
}

func (b Board) size() int { return len(b.cells) }

func (b *Board) SumLater() { // want SumLater:`summary\(arg0 reads handoffs.Board; started arg0\)`
	go b.sum()
	go b.fresh()
	go b.size()
}

// A member looked up and deleted from the room's map before its goroutine
// starts is the goroutine's own; one the map still holds is shared.
//
//confined:owner
type member struct { // want member:"confined:owner"
	posts int
}

//confined:owner
type room struct { // want room:"confined:owner"
	members map[string]*member
}

func (r *room) Leave(name string) { // want Leave:`summary\(arg0 writes handoffs.room.members; started arg0\)`
	m, ok := r.members[name]
	if !ok {
		return
	}
	delete(r.members, name)
	go archive(m)
}

func (r *room) Peek(name string) { // want Peek:`summary\(arg0 writes handoffs.room.members; started arg0\)`
	m := r.members[name]
	delete(r.members, "other")
	go archive(m)
}

func archive(m *member) {
	m.posts = 0 // want `writes confined handoffs.member.posts off the owner: this code runs via a go statement \(clones.go:87\)`
}

// The same hand-offs to a method of the room: what it touches of the
// member is the goroutine's when the member was deleted first, and of the
// room, always the room's.

func (r *room) Retire(name string) { // want Retire:`summary\(arg0 writes handoffs\.room\.members; started arg0\)`
	m, ok := r.members[name]
	if !ok {
		return
	}
	delete(r.members, name)
	go r.retire(m)
}

func (r *room) RetireKept(name string) { // want RetireKept:`summary\(arg0 reads handoffs\.room\.members; started arg0\)`
	m := r.members[name]
	go r.retire(m)
}

func (r *room) retire(m *member) {
	m.posts = -1 // want `calls confined \(\*handoffs\.room\)\.retire off the owner: this code runs via a go statement \(clones\.go:109\); inside, it writes handoffs\.member\.posts; fix: hand the work to the owner \(send it to the loop's mailbox or a channel the loop reads\) instead of touching the state here`
}

func (r *room) Archive(name string) { // want Archive:`summary\(arg0 writes handoffs\.room\.members; started arg0\)`
	m, ok := r.members[name]
	if !ok {
		return
	}
	delete(r.members, name)
	go r.archiveCounted(m)
}

func (r *room) archiveCounted(m *member) {
	m.posts = 0
	r.members[""] = m // want `calls confined \(\*handoffs\.room\)\.archiveCounted off the owner: this code runs via a go statement \(clones\.go:122\); inside, it writes handoffs\.room\.members; fix: hand the work to the owner \(send it to the loop's mailbox or a channel the loop reads\) instead of touching the state here`
}
