// Package reachlines checks the line a finding of a confined method call
// names, among the lines the method touches the state at.
package reachlines

// A confined method that reads a slice field's length and then its
// entries is reported where it reads the entries: the owner writes the
// entries, and that is the line the race detector names. Look-alikes: a
// method that reads only the length is reported there, and one reading
// the entries first keeps that line.

//confined:owner
type board struct { // want board:"confined:owner"
	ops    chan func()
	scores []int
}

//confined:loop
func (b *board) run() { // want run:`confined:loop`
	for op := range b.ops {
		op()
		b.scores[0]++
	}
}

func (b *board) copyScores() []int {
	out := make([]int, len(b.scores))
	for i := range b.scores {
		out[i] = b.scores[i] // want `calls confined \(\*reachlines.board\).copyScores off the owner: this code runs via a go statement \(lengthreads.go:\d+\); inside, it reads reachlines.board.scores`
	}
	return out
}

func (b *board) count() int {
	return len(b.scores) // want `calls confined \(\*reachlines.board\).count off the owner: this code runs via a go statement \(lengthreads.go:\d+\); inside, it reads reachlines.board.scores`
}

func (b *board) firstThenCount() int {
	first := b.scores[0] // want `calls confined \(\*reachlines.board\).firstThenCount off the owner: this code runs via a go statement \(lengthreads.go:\d+\); inside, it reads reachlines.board.scores`
	return first + len(b.scores)
}

func (b *board) publish() {
	go b.copyScores()
	go b.count()
	go b.firstThenCount()
}

// A map's length changes with each entry the owner adds or deletes, so a
// read of it races at its own line, beside the method's read of another
// map's entries (a slice's length changes only when the slice is
// assigned: copyScores above reads the length at no line of its own).

//confined:owner
type roster struct { // want roster:"confined:owner"
	ops     chan func()
	names   map[string]bool
	members map[string]int
}

//confined:loop
func (r *roster) run() { // want run:`confined:loop`
	for op := range r.ops {
		op()
		r.names["x"] = true
		r.members["x"]++
	}
}

func (r *roster) sizes() (bool, int) {
	seen := r.names["y"]        // want `calls confined \(\*reachlines.roster\).sizes off the owner: this code runs via a go statement \(lengthreads.go:\d+\); inside, it reads reachlines.roster.names`
	return seen, len(r.members) // want `calls confined \(\*reachlines.roster\).sizes off the owner: this code runs via a go statement \(lengthreads.go:\d+\); inside, it reads reachlines.roster.members`
}

func (r *roster) publish() { go r.sizes() }
