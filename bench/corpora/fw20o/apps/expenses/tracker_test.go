package expenses

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"example.com/corpus/trial-fw20o/apps/expenses/companion"
)

func TestAddExpenseUpdatesTotals(t *testing.T) {
	tr := newTracker(t, WithTravelCurrency("EUR", 1.1), WithBudgets(nil, Budget{MonthlyCents: 10000}))
	enter(tr, "Lunch", "12.50", "USD", "Food")
	enter(tr, "Museum", "20", "EUR", "Entertainment")
	if tr.ledger.Len() != 2 {
		t.Fatalf("entries = %d", tr.ledger.Len())
	}
	if got := tr.total.Text; got != "Total: 34.50 USD" {
		t.Fatalf("total label = %q", got)
	}
	if got := tr.budgetLbl.Text; got != "Budget: 65.50 left (34% used)" {
		t.Fatalf("budget label = %q", got)
	}
	if tr.desc.Text != "" || tr.amount.Text != "" {
		t.Fatal("form not cleared")
	}
}

func TestInvalidAmountShowsStatus(t *testing.T) {
	st := newStatusLog()
	tr := newTracker(t, WithStatusHook(st.hook))
	enter(tr, "Taxi", "twelve", "", "Transport")
	st.waitFor(t, "expenses: invalid amount")
	if tr.ledger.Len() != 0 || tr.amount.Text != "twelve" {
		t.Fatalf("bad input was recorded or cleared")
	}
}

func TestDeleteAndUndo(t *testing.T) {
	tr := newTracker(t, WithUndoWindow(time.Hour))
	enter(tr, "Hotel", "180", "", "Lodging")
	enter(tr, "Coffee", "4", "", "Food")
	tr.list.Select(0)
	test.Tap(tr.deleteBtn)
	if tr.ledger.Len() != 1 || tr.undoBtn.Hidden {
		t.Fatalf("after delete: len=%d undo hidden=%v", tr.ledger.Len(), tr.undoBtn.Hidden)
	}
	test.Tap(tr.undoBtn)
	if tr.ledger.Len() != 2 || tr.ledger.at(0).Description != "Hotel" || !tr.undoBtn.Hidden {
		t.Fatalf("after undo: %+v", tr.ledger.entries)
	}
}

func TestUndoWindowExpires(t *testing.T) {
	st := newStatusLog()
	tr := newTracker(t, WithUndoWindow(5*time.Millisecond), WithStatusHook(st.hook))
	enter(tr, "Parking", "9", "", "Transport")
	tr.list.Select(0)
	test.Tap(tr.deleteBtn)
	st.waitFor(t, `"Parking" deleted permanently`)
	if !tr.undoBtn.Hidden || tr.pendingUndo != nil {
		t.Fatal("undo still offered")
	}
	if got := tr.total.Text; got != "Total: 0.00 USD" {
		t.Fatalf("total = %q", got)
	}
}

func TestBudgetSyncIsAppliedOnUIThread(t *testing.T) {
	st := newStatusLog()
	plan := householdPlan{delay: 3 * time.Millisecond, b: Budget{MonthlyCents: 50000}}
	tr := newTracker(t, WithBudgets(plan, Budget{}), WithStatusHook(st.hook))
	enter(tr, "Groceries", "100", "", "Food")
	test.Tap(tr.budgetBtn)
	st.waitFor(t, "Budget updated")
	if got := tr.budgetLbl.Text; got != "Budget: 400.00 left (20% used)" {
		t.Fatalf("budget label = %q", got)
	}
	if s := tr.Snapshot(); s.BudgetCents != 50000 {
		t.Fatalf("summary = %+v", s)
	}
}

func TestBudgetSyncFailureIsReported(t *testing.T) {
	st := newStatusLog()
	tr := newTracker(t, WithBudgets(householdPlan{err: errOffline}, Budget{MonthlyCents: 100}), WithStatusHook(st.hook))
	test.Tap(tr.budgetBtn)
	st.waitFor(t, "Budget sync failed: plan server offline")
	if tr.budget.MonthlyCents != 100 {
		t.Fatalf("budget changed to %+v", tr.budget)
	}
}

func TestExportWritesCopyTakenAtClick(t *testing.T) {
	st := newStatusLog()
	sink := &memSink{}
	tr := newTracker(t, WithExportSink(sink), WithStatusHook(st.hook),
		WithClock(func() time.Time { return time.Date(2024, 6, 1, 9, 0, 0, 0, time.UTC) }))
	enter(tr, "Train", "35", "", "Transport")
	enter(tr, "Sandwich", "6.20", "", "Food")
	test.Tap(tr.exportBtn)
	msg := st.waitFor(t, "Exported")
	if msg != "Exported 2 expenses to expenses-20240601-1.csv" {
		t.Fatalf("status = %q", msg)
	}
	enter(tr, "Late snack", "3", "", "Food")
	csv := sink.file("expenses-20240601-1.csv")
	if strings.Count(csv, "\n") != 3 || strings.Contains(csv, "Late snack") {
		t.Fatalf("csv = %q", csv)
	}
}

func TestCompanionSummaryDuringEntry(t *testing.T) {
	tr := newTracker(t)
	h := companion.NewHandler(tr)

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 30 {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/summary", nil))
			var s companion.Summary
			if err := json.NewDecoder(rec.Body).Decode(&s); err != nil {
				t.Error(err)
			}
			time.Sleep(time.Millisecond)
		}
	})
	for range 10 {
		enter(tr, "Bus", "2.50", "", "Transport")
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	if s := tr.Snapshot(); s.SpentCents != 2500 || s.Count != 10 || s.TopCategory != "Transport" {
		t.Fatalf("summary = %+v", s)
	}
}

func TestCompanionSpentDuringEntry(t *testing.T) {
	tr := newHeadlessTracker(t)
	h := companion.NewHandler(tr)

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 40 {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/spent", nil))
			if rec.Code != http.StatusOK {
				t.Errorf("code = %d", rec.Code)
			}
			time.Sleep(500 * time.Microsecond)
		}
	})
	for range 10 {
		if _, err := tr.AddExpense("Tram", "3", "", "Transport"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond)
	}
	wg.Wait()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/spent", nil))
	if got := strings.TrimSpace(rec.Body.String()); got != `{"spent_cents":3000}` {
		t.Fatalf("spent = %s", got)
	}
}

func TestAutosaveWhileEntering(t *testing.T) {
	store := &memStore{}
	tr := newHeadlessTracker(t, WithStore(store, 2*time.Millisecond))
	for range 10 {
		if _, err := tr.AddExpense("Fuel", "40", "", "Transport"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	deadline := time.Now().Add(2 * time.Second)
	saves, last := store.snapshot()
	for len(last) != 10 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
		saves, last = store.snapshot()
	}
	if saves == 0 || len(last) != 10 {
		t.Fatalf("saves=%d last=%d records", saves, len(last))
	}
}

func TestRateRefreshWhileEnteringTravelExpenses(t *testing.T) {
	tr := newHeadlessTracker(t, WithTravelCurrency("EUR", 1.10), WithRates(fixedRates{delay: 5 * time.Millisecond, rate: 1.25}))
	test.Tap(tr.rateBtn)
	for range 10 {
		if _, err := tr.AddExpense("Croissant", "2", "EUR", "Food"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond)
	}
	tr.Close()
	e, err := tr.AddExpense("Baguette", "2", "EUR", "Food")
	if err != nil || e.AmountCents != 250 {
		t.Fatalf("after refresh: %+v %v", e, err)
	}
}
