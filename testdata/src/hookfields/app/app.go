// Package app stores hooks in another package's fields and runs that
// package's methods off the owner: the hooks run there too.
package app

import (
	"hookfields/importer"
	"hookfields/tracked"
)

//confined:owner
type Board struct { // want Board:`confined:owner`
	pct   int
	seen  []string
	count int
}

func (b *Board) Import() {
	imp := &importer.Importer{}
	imp.OnProgress = func(done, total int) {
		b.pct = done * 100 / total // want `writes confined app.Board.pct off the owner: this code runs via the func stored in field OnProgress`
	}
	imp.OnDone = func() {
		b.count++ // no finding: Run never calls OnDone
	}
	go imp.Run(3)
}

func (b *Board) Tally(items []string) { // want Tally:`summary\(off by a go statement: reads the entries of arg1\)`
	j := &tracked.Job{Each: func(it string) {
		b.seen = append(b.seen, it) // want `writes confined app.Board.seen off the owner: this code runs via the func stored in field Each`
	}}
	go func() {
		j.Do(items)
	}()
}

func (b *Board) Counted() {
	imp := &importer.Importer{}
	imp.OnProgress = func(int, int) { b.count++ } // want `writes confined app.Board.count off the owner`
	go imp.Count() // calls no hook, but the OnProgress above runs off the owner in Import
}
