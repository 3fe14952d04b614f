package sheet

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"
)

func TestRefRoundTrip(t *testing.T) {
	for _, s := range []string{"A1", "Z9", "AA10", "AZ3", "BA100"} {
		if got := MustRef(s).String(); got != s {
			t.Fatalf("%s -> %s", s, got)
		}
	}
	if _, err := ParseRef("12"); err == nil {
		t.Fatal("expected error")
	}
}

func TestParseErrors(t *testing.T) {
	for _, f := range []string{"=1+", "=SUM(A1", "=(1", "=1 $ 2"} {
		if _, err := Parse(f); !errors.Is(err, ErrSyntax) {
			t.Fatalf("%s: %v", f, err)
		}
	}
}

func budget(t *testing.T, opts ...Option) *Workbook {
	t.Helper()
	wb := New(opts...)
	cells := [][2]string{
		{"A1", "120"}, {"A2", "80"}, {"A3", "=A1*1.1"},
		{"B1", "=SUM(A1:A3)"}, {"B2", "=AVERAGE(A1:A3)"}, {"B3", "=ROUND(B1/3, 2)"},
		{"C1", "=B1-B2^2/100"}, {"C2", "=MAX(A1:A3, -C1)"}, {"C3", "=A2/(A1-120)"},
	}
	for _, c := range cells {
		if err := wb.Set(c[0], c[1]); err != nil {
			t.Fatalf("%s: %v", c[0], err)
		}
	}
	return wb
}

func checkBudget(t *testing.T, wb *Workbook) {
	t.Helper()
	want := map[string]float64{"A3": 132, "B1": 332, "B2": 332.0 / 3, "B3": 110.67, "C2": 132}
	for ref, w := range want {
		got, err := wb.Get(ref)
		if err != nil || math.Abs(got-w) > 1e-9 {
			t.Fatalf("%s = %v, %v; want %v", ref, got, err, w)
		}
	}
	if _, err := wb.Get("C3"); !errors.Is(err, ErrDivZero) {
		t.Fatalf("C3 err = %v", err)
	}
}

func TestRecalc(t *testing.T) {
	wb := budget(t)
	if err := wb.Recalc(context.Background()); err != nil {
		t.Fatal(err)
	}
	checkBudget(t, wb)
}

func TestRecalcParallel(t *testing.T) {
	wb := budget(t)
	if err := wb.RecalcParallel(context.Background()); err != nil {
		t.Fatal(err)
	}
	checkBudget(t, wb)
}

func TestCycleDetected(t *testing.T) {
	wb := New()
	_ = wb.Set("A1", "=B1+1")
	_ = wb.Set("B1", "=A1+1")
	_ = wb.Set("C1", "=A1")
	if err := wb.RecalcParallel(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{"A1", "B1", "C1"} {
		if _, err := wb.Get(r); !errors.Is(err, ErrCycle) {
			t.Fatalf("%s err = %v", r, err)
		}
	}
}

func TestLint(t *testing.T) {
	wb := New()
	_ = wb.Set("A1", "=B7*2")
	_ = wb.Set("A2", "=A1/0")
	_ = wb.Set("A3", "=NPV(A1)")
	issues := wb.Lint()
	if len(issues) != 3 {
		t.Fatalf("issues = %v", issues)
	}
	if wb.Linted() == 0 {
		t.Fatal("nothing linted")
	}
}

type memStore struct {
	mu    sync.Mutex
	saves []map[string]string
}

func (s *memStore) Save(cells map[string]string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.saves = append(s.saves, cells)
	return nil
}

func TestAutosaveAfterRecalc(t *testing.T) {
	store := &memStore{}
	wb := budget(t, WithAutosave(store))
	if err := wb.Recalc(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := wb.Set("A1", "100"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	if !wb.Dirty() {
		t.Fatal("edit after recalc should leave the workbook dirty")
	}
}

func TestSlowLog(t *testing.T) {
	var (
		mu   sync.Mutex
		slow []Ref
	)
	wb := New(
		WithFunc("FETCH", func(xs []float64) (float64, error) {
			time.Sleep(time.Millisecond)
			return xs[0] * 2, nil
		}),
		WithSlowLog(time.Millisecond, func(r Ref) {
			mu.Lock()
			slow = append(slow, r)
			mu.Unlock()
		}),
	)
	for i := 1; i <= 20; i++ {
		if err := wb.Set(fmt.Sprintf("A%d", i), fmt.Sprintf("=FETCH(%d)", i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := wb.Recalc(context.Background()); err != nil {
		t.Fatal(err)
	}
	if v, _ := wb.Get("A20"); v != 40 {
		t.Fatalf("A20 = %v", v)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(slow) == 0 {
		t.Fatal("slow log never fired")
	}
}
