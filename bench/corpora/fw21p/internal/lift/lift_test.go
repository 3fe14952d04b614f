package lift

import (
	"slices"
	"testing"
)

func TestStopSet(t *testing.T) {
	s := NewStopSet()
	if !s.Add(5) || s.Add(5) || !s.Add(2) || !s.Add(9) {
		t.Fatal("Add results wrong")
	}
	if got := s.Sorted(); !slices.Equal(got, []int{2, 5, 9}) {
		t.Fatalf("sorted = %v", got)
	}
	if f, _ := s.Next(4, Up); f != 5 {
		t.Errorf("next up from 4 = %d", f)
	}
	if f, _ := s.Next(4, Down); f != 2 {
		t.Errorf("next down from 4 = %d", f)
	}
	if f, _ := s.Next(10, Up); f != 9 {
		t.Errorf("next up from 10 = %d", f)
	}
	s.Remove(5)
	if s.Has(5) || s.Len() != 2 {
		t.Error("remove failed")
	}
}

func TestCost(t *testing.T) {
	idle := NewStopSet()
	if c := Cost(3, Idle, idle, 7, Down); c != 4 {
		t.Errorf("idle cost = %d", c)
	}
	busy := NewStopSet()
	busy.Add(8)
	if c := Cost(2, Up, busy, 5, Up); c != 3+2 {
		t.Errorf("on the way = %d", c)
	}
	if c := Cost(2, Up, busy, 1, Up); c != 6+7+2 {
		t.Errorf("behind = %d", c)
	}
	if Toward(3, 1) != Down || Toward(1, 1) != Idle {
		t.Error("toward")
	}
	if err := (Bounds{0, 10}).Validate(11); err == nil {
		t.Error("validate")
	}
}
