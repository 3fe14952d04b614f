// Package expenses is a desktop expense tracker built with Fyne.
package expenses

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"example.com/corpus/trial-fw20o/apps/expenses/storage"
)

// Categories offered in the category picker.
var Categories = []string{"Food", "Transport", "Lodging", "Office", "Entertainment", "Other"}

// ErrBadAmount is returned for amounts that cannot be parsed.
var ErrBadAmount = errors.New("expenses: invalid amount")

// Expense is one recorded expense.
type Expense struct {
	ID            int
	When          time.Time
	Description   string
	Category      string
	AmountCents   int64
	Currency      string
	OriginalCents int64
}

func (e Expense) line() string {
	s := fmt.Sprintf("%s  %-14s %-12s %10s", e.When.Format("Jan 02"), e.Description, e.Category, storage.FormatCents(e.AmountCents))
	if e.OriginalCents != e.AmountCents {
		s += fmt.Sprintf("  (%s %s)", storage.FormatCents(e.OriginalCents), e.Currency)
	}
	return s
}

func (e Expense) record() storage.Record {
	return storage.Record{
		ID:            e.ID,
		When:          e.When,
		Description:   e.Description,
		Category:      e.Category,
		AmountCents:   e.AmountCents,
		Currency:      e.Currency,
		OriginalCents: e.OriginalCents,
	}
}

func toRecords(es []Expense) []storage.Record {
	out := make([]storage.Record, len(es))
	for i := range es {
		out[i] = es[i].record()
	}
	return out
}

// parseAmount turns user input such as "12", "12.5" or "1,234.56" into cents.
func parseAmount(s string) (int64, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	if s == "" {
		return 0, fmt.Errorf("%w: empty", ErrBadAmount)
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	if hasFrac && (len(frac) == 0 || len(frac) > 2) {
		return 0, fmt.Errorf("%w: %q", ErrBadAmount, s)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w < 0 {
		return 0, fmt.Errorf("%w: %q", ErrBadAmount, s)
	}
	var f int64
	if hasFrac {
		if len(frac) == 1 {
			frac += "0"
		}
		f, err = strconv.ParseInt(frac, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%w: %q", ErrBadAmount, s)
		}
	}
	cents := w*100 + f
	if cents == 0 {
		return 0, fmt.Errorf("%w: zero", ErrBadAmount)
	}
	return cents, nil
}
