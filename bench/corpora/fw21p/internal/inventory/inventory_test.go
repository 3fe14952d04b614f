package inventory

import (
	"errors"
	"slices"
	"testing"
)

func TestTakeAndRefill(t *testing.T) {
	slots, err := Load([]Slot{
		{Code: "A1", Product: "Water", Price: 150, Count: 1, Capacity: 8},
		{Code: "A2", Product: "Cola", Price: 200, Count: 5},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Take(slots, "A1"); err != nil {
		t.Fatal(err)
	}
	if _, err := Take(slots, "A1"); !errors.Is(err, ErrSoldOut) {
		t.Fatalf("err = %v", err)
	}
	if _, err := Take(slots, "Z9"); !errors.Is(err, ErrUnknownSlot) {
		t.Fatalf("err = %v", err)
	}
	if got := LowStock(slots, 1); !slices.Equal(got, []string{"A1"}) {
		t.Fatalf("low = %v", got)
	}
	if v := Value(slots); v != 1000 {
		t.Fatalf("value = %d", v)
	}
	if n := Refill(slots); n != 8 {
		t.Fatalf("refilled %d", n)
	}
	Return(slots, "A2")
	if snap := Snapshot(slots); snap[0].Count != 8 || snap[1].Count != 5 {
		t.Fatalf("snapshot = %+v", snap)
	}
}

func TestLoadRejectsDuplicates(t *testing.T) {
	if _, err := Load([]Slot{{Code: "A1"}, {Code: "A1"}}); err == nil {
		t.Fatal("duplicate accepted")
	}
}
