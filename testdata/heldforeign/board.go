// Package heldforeign: a framework's turn writes the fields of another
// package's values only in the elements of a slice its own state keeps
// (col := &b.cols[i]; col.Cards = ...): those are the board's, which the
// check sees read on the way. The column type gets no owner: the
// source's own columns, read on a goroutine, are no one's state.
package heldforeign

import "example.com/heldforeign/cards"

// A framework runs a Model's Update as a turn of its owner.
type Model interface {
	//confined:loop
	Update(msg string)
}

type board struct {
	cols []cards.Column
	src  *cards.Canned
}

func (b *board) Update(to string) {
	for i := range b.cols {
		col := &b.cols[i]
		if col.Name == to {
			col.Cards = append(col.Cards, "new")
		}
	}
	go func() { _ = b.src.Columns() }()
}
