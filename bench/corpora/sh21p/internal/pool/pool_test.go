package pool

import (
	"errors"
	"sync/atomic"
	"testing"
)

func TestSubmitAndClose(t *testing.T) {
	p := New(3, WithQueue(2))
	var n atomic.Int64
	for i := 0; i < 50; i++ {
		if err := p.Submit(func() { n.Add(1) }); err != nil {
			t.Fatal(err)
		}
	}
	p.Close()
	if got := n.Load(); got != 50 {
		t.Fatalf("ran %d jobs, want 50", got)
	}
	if err := p.Submit(func() {}); !errors.Is(err, ErrClosed) {
		t.Fatalf("Submit after Close: %v", err)
	}
}

func TestMapKeepsOrder(t *testing.T) {
	in := []int{5, 3, 9, 1, 7}
	out := Map(2, in, func(v int) int { return v * v })
	for i, v := range in {
		if out[i] != v*v {
			t.Fatalf("out[%d] = %d", i, out[i])
		}
	}
}

func TestEachJoinsErrors(t *testing.T) {
	bad := errors.New("bad")
	err := Each(4, []int{1, 2, 3}, func(v int) error {
		if v == 2 {
			return bad
		}
		return nil
	})
	if !errors.Is(err, bad) {
		t.Fatalf("err = %v", err)
	}
}

func TestPanicHandler(t *testing.T) {
	var caught atomic.Value
	p := New(1, WithPanicHandler(func(v any) { caught.Store(v) }))
	_ = p.Submit(func() { panic("oops") })
	p.Close()
	if caught.Load() != "oops" {
		t.Fatalf("caught %v", caught.Load())
	}
}
