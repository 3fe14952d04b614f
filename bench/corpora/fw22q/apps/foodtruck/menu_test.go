package foodtruck

import (
	"errors"
	"testing"
	"time"

	"example.com/corpus/trial-fw22q/internal/ledger"
)

func TestQuoteMergesPlainLines(t *testing.T) {
	m := DefaultMenu()
	lines, err := m.Quote([]LineRequest{
		{Code: "ap", Qty: 2},
		{Code: "AP", Qty: 1},
		{Code: "AP", Qty: 1, Notes: "no onions"},
		{Code: "hj", Qty: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 3 || lines[0].Qty != 3 || lines[1].Notes != "no onions" {
		t.Fatalf("lines = %+v", lines)
	}
	o := &Order{Lines: lines}
	if got := o.Subtotal(); got != 375*4+350 {
		t.Errorf("subtotal = %s", got)
	}
}

func TestQuoteRejectsBadRequests(t *testing.T) {
	m := DefaultMenu()
	if _, err := m.Quote(nil); err == nil {
		t.Error("empty order accepted")
	}
	if _, err := m.Quote([]LineRequest{{Code: "ZZ", Qty: 1}}); !errors.Is(err, ErrUnknownItem) {
		t.Errorf("err = %v", err)
	}
	if _, err := m.Quote([]LineRequest{{Code: "AP", Qty: 0}}); err == nil {
		t.Error("zero quantity accepted")
	}
	if _, err := NewMenu(MenuItem{Code: "A", Name: "a", Price: 1}, MenuItem{Code: "a", Name: "b", Price: 1}); err == nil {
		t.Error("duplicate code accepted")
	}
}

func TestPrepEstimateSpreadsOverStations(t *testing.T) {
	o := &Order{Lines: []LineItem{
		{Item: MenuItem{Prep: 4 * time.Minute, Course: ledger.Mains}, Qty: 3},
		{Item: MenuItem{Prep: 7 * time.Minute, Course: ledger.Mains}, Qty: 1},
	}}
	if got := o.PrepEstimate(2); got != 8*time.Minute {
		t.Errorf("estimate = %v", got)
	}
	if got := o.PrepEstimate(0); got != 12*time.Minute {
		t.Errorf("estimate with no stations = %v", got)
	}
}
