package stock

import (
	"errors"
	"testing"
	"time"
)

func TestParseBloodType(t *testing.T) {
	cases := map[string]BloodType{"o-": ONeg, "AB pos": ABPos, " b+ ": BPos, "aneg": ANeg}
	for in, want := range cases {
		got, err := ParseBloodType(in)
		if err != nil || got != want {
			t.Errorf("ParseBloodType(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseBloodType("C+"); err == nil {
		t.Error("accepted C+")
	}
}

func TestSubstitutes(t *testing.T) {
	got := Substitutes(ANeg)
	want := []BloodType{ANeg, ONeg}
	if len(got) != len(want) {
		t.Fatalf("Substitutes(A-) = %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Substitutes(A-) = %v", got)
		}
	}
	if !CanDonateTo(ONeg, ABPos) || CanDonateTo(APos, ANeg) || CanDonateTo(BNeg, APos) {
		t.Fatal("compatibility table is wrong")
	}
}

func stocked(t *testing.T, now time.Time, units ...*Unit) *Inventory {
	t.Helper()
	inv := NewInventory()
	for _, u := range units {
		if err := inv.Receive(u); err != nil {
			t.Fatal(err)
		}
		if err := inv.Approve(u.ID); err != nil {
			t.Fatal(err)
		}
	}
	return inv
}

func TestHoldPrefersExactMatchAndOldestUnits(t *testing.T) {
	now := time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)
	inv := stocked(t, now,
		NewUnit("u1", ONeg, RedCells, "d1", now.Add(-30*24*time.Hour)),
		NewUnit("u2", ANeg, RedCells, "d2", now.Add(-2*24*time.Hour)),
		NewUnit("u3", ANeg, RedCells, "d3", now.Add(-20*24*time.Hour)),
	)
	h, err := inv.PlaceHold("h1", "General", ANeg, RedCells, 2, now, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if h.Units[0].ID != "u3" || h.Units[1].ID != "u2" {
		t.Fatalf("picked %s, %s", h.Units[0].ID, h.Units[1].ID)
	}
	if _, err := inv.PlaceHold("h2", "General", ANeg, RedCells, 2, now, time.Hour); !errors.Is(err, ErrInsufficient) {
		t.Fatalf("second hold: %v", err)
	}
	out, err := inv.Issue("h1")
	if err != nil || len(out) != 2 {
		t.Fatalf("issue: %v %v", out, err)
	}
	if got := inv.Stats().Issued; got != 2 {
		t.Fatalf("issued = %d", got)
	}
}

func TestExpireCompactsShelf(t *testing.T) {
	now := time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)
	inv := stocked(t, now,
		NewUnit("p1", BPos, Platelets, "d1", now.Add(-6*24*time.Hour)),
		NewUnit("p2", BPos, Platelets, "d2", now.Add(-1*24*time.Hour)),
	)
	if got := inv.Expire(now); len(got) != 1 || got[0] != "p1" {
		t.Fatalf("expired %v", got)
	}
	if n := inv.CountAvailable(BPos, Platelets, now); n != 1 {
		t.Fatalf("available = %d", n)
	}
	if len(inv.shelf) != 1 {
		t.Fatalf("shelf has %d units", len(inv.shelf))
	}
}

func TestCancelHold(t *testing.T) {
	now := time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)
	inv := stocked(t, now, NewUnit("u1", OPos, RedCells, "d1", now))
	h, err := inv.PlaceHold("h1", "General", OPos, RedCells, 1, now, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := inv.CancelHold(h.ID); err != nil || n != 1 {
		t.Fatalf("cancel: %d %v", n, err)
	}
	if _, err := inv.Issue(h.ID); !errors.Is(err, ErrUnknownHold) {
		t.Fatalf("issue after cancel: %v", err)
	}
}
