package expenses

import (
	"errors"
	"testing"
)

func TestParseAmount(t *testing.T) {
	good := map[string]int64{"12": 1200, "12.5": 1250, "12.05": 1205, "1,234.56": 123456, " 3 ": 300}
	for in, want := range good {
		got, err := parseAmount(in)
		if err != nil || got != want {
			t.Errorf("parseAmount(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "abc", "1.234", "-5", "0", "1."} {
		if _, err := parseAmount(in); !errors.Is(err, ErrBadAmount) {
			t.Errorf("parseAmount(%q) err = %v", in, err)
		}
	}
}

func TestConverter(t *testing.T) {
	c := &Converter{home: "USD", foreign: "EUR", rate: 1.1}
	if v, err := c.Convert(1000, "USD"); err != nil || v != 1000 {
		t.Fatalf("home: %d %v", v, err)
	}
	if v, err := c.Convert(1000, "EUR"); err != nil || v != 1100 {
		t.Fatalf("foreign: %d %v", v, err)
	}
	if _, err := c.Convert(1000, "JPY"); err == nil {
		t.Fatal("unsupported currency accepted")
	}
	c.rate = 0
	if _, err := c.Convert(1000, "EUR"); !errors.Is(err, ErrNoRate) {
		t.Fatalf("no rate: %v", err)
	}
}

func TestLedgerRemoveAndRestore(t *testing.T) {
	l := newLedger()
	a := l.add(Expense{Description: "a", Category: "Food", AmountCents: 100})
	l.add(Expense{Description: "b", Category: "Office", AmountCents: 300})
	l.add(Expense{Description: "c", Category: "Food", AmountCents: 50})
	e, ok := l.removeAt(0)
	if !ok || e.ID != a.ID || l.total() != 350 {
		t.Fatalf("remove: %+v %v total=%d", e, ok, l.total())
	}
	l.restore(e)
	if l.at(0).Description != "a" || l.total() != 450 || l.topCategory() != "Office" {
		t.Fatalf("restore: first=%+v total=%d top=%s", l.at(0), l.total(), l.topCategory())
	}
}
