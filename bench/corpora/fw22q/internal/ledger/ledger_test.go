package ledger

import (
	"strings"
	"testing"
	"time"
)

func TestTallyReport(t *testing.T) {
	open := time.Date(2024, 6, 1, 11, 0, 0, 0, time.UTC)
	tl := NewTally(open)
	tl.Record(open.Add(time.Hour), 80, 100, Line{Course: Mains, Qty: 1, Amount: 900}, Line{Course: Drinks, Qty: 2, Amount: 400})
	tl.Record(open.Add(2*time.Hour), 40, 0, Line{Course: Sides, Qty: 1, Amount: 350})
	tl.Refund(350)
	r := tl.Snapshot()
	r.Kind = "Z"
	if r.Totals.Orders != 2 || r.Totals.Items != 4 {
		t.Fatalf("totals = %+v", r.Totals)
	}
	if r.Totals.Net() != 1300 {
		t.Errorf("net = %s", r.Totals.Net())
	}
	var b strings.Builder
	if _, err := r.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Z REPORT", "Drinks", "$4.00", "refunds", "avg tkt"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report missing %q:\n%s", want, b.String())
		}
	}
}
