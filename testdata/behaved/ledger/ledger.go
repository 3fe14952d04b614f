// Package ledger keeps a lot's book, for one caller at a time.
package ledger

type Book struct {
	bids    []int
	settled string
}

func New() *Book { return &Book{} }

func (b *Book) Record(n int) { b.bids = append(b.bids, n) }

func (b *Book) MarkSettled(ref string) { b.settled = ref }

func (b *Book) Settled() string { return b.settled }

