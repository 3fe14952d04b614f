package expenses

import (
	"slices"
	"sort"

	"example.com/corpus/trial-fw20o/apps/expenses/storage"
)

// Ledger holds the recorded expenses in insertion order.
type Ledger struct {
	entries    []Expense
	saved      int
	spentCents int64
	byCategory map[string]int64
	nextID     int
}

func newLedger() *Ledger {
	return &Ledger{byCategory: make(map[string]int64), nextID: 1}
}

func (l *Ledger) add(e Expense) Expense {
	e.ID = l.nextID
	l.nextID++
	l.entries = append(l.entries, e)
	l.spentCents += e.AmountCents
	l.byCategory[e.Category] += e.AmountCents
	return e
}

func (l *Ledger) removeAt(i int) (Expense, bool) {
	if i < 0 || i >= len(l.entries) {
		return Expense{}, false
	}
	e := l.entries[i]
	l.entries = slices.Delete(l.entries, i, i+1)
	l.spentCents -= e.AmountCents
	l.byCategory[e.Category] -= e.AmountCents
	return e, true
}

// restore puts a removed expense back at its original position.
func (l *Ledger) restore(e Expense) {
	i := sort.Search(len(l.entries), func(i int) bool { return l.entries[i].ID > e.ID })
	l.entries = slices.Insert(l.entries, i, e)
	l.spentCents += e.AmountCents
	l.byCategory[e.Category] += e.AmountCents
}

// Len returns the number of expenses.
func (l *Ledger) Len() int {
	return len(l.entries)
}

func (l *Ledger) at(i int) Expense {
	return l.entries[i]
}

// markSaved records how many expenses the last successful save covered.
func (l *Ledger) markSaved(n int) {
	l.saved = n // RACY
}

// unsaved reports how many expenses were added since the last save.
func (l *Ledger) unsaved() int {
	return len(l.entries) - l.saved
}

func (l *Ledger) records() []storage.Record {
	return toRecords(l.entries)
}

// Spent returns the running total in the home currency.
func (l *Ledger) Spent() int64 {
	return l.spentCents // RACY
}

func (l *Ledger) total() int64 {
	return l.spentCents
}

func (l *Ledger) topCategory() string {
	best, bestCents := "", int64(0)
	for _, c := range Categories {
		if v := l.byCategory[c]; v > bestCents {
			best, bestCents = c, v
		}
	}
	return best
}
