// Package rows: rows a constructor appends to its board, a struct with a
// mutex for its error only, are built with the board, not kept under its
// lock: the loop updating them owns them, and a goroutine copying them out
// races. (A helper a constructor returns and stores so stays kept under
// the lock: see suggestlockbranch's cache.)
package rows

import "sync"

type Row struct { // want `suggest for rows\.Row: //confined:owner: code on the owner \(\(\*rows\.Board\)\.run\) writes its field Up without a lock, and no other code writes it but where a value is built`
	Name string
	Up   bool
}

type Board struct {
	errMu   sync.Mutex
	lastErr string
	rows    []Row
	results chan Row
}

func NewBoard(names []string) *Board { // want NewBoard:`summary\(started result; starts a loop; reads the entries of arg0\)`
	b := &Board{results: make(chan Row)}
	for _, n := range names {
		b.rows = append(b.rows, Row{Name: n})
	}
	go b.run()
	return b
}

func (b *Board) run() { // want `suggest for \(\*rows\.Board\)\.run: //confined:loop: a goroutine runs it \(go statement in rows\.NewBoard, rows\.go:27\) and it receives from a channel in a loop \(rows\.go:32\)` run:`confined:loop`
	for r := range b.results {
		for i := range b.rows {
			if b.rows[i].Name == r.Name {
				b.rows[i].Up = r.Up
			}
		}
	}
}

func show(r Row) string { return r.Name }

func (b *Board) Export(out chan<- string) { // want Export:`summary\(started arg0\)`
	go func() {
		for _, r := range b.rows {
			out <- show(r)
		}
	}()
}

func (b *Board) SetErr(s string) { // want SetErr:`summary\(locks arg0 first\)`
	b.errMu.Lock()
	b.lastErr = s
	b.errMu.Unlock()
}
