package par

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

func TestMapKeepsOrder(t *testing.T) {
	in := []int{1, 2, 3, 4, 5, 6, 7}
	got := Map(in, 3, func(v int) int { return v * v })
	for i, v := range in {
		if got[i] != v*v {
			t.Fatalf("got[%d] = %d, want %d", i, got[i], v*v)
		}
	}
}

func TestForEachVisitsEveryIndexOnce(t *testing.T) {
	seen := make([]int32, 50)
	wait := ForEach(seen, 4, func(i int, _ int32) {
		atomic.AddInt32(&seen[i], 1)
	})
	wait()
	for i, n := range seen {
		if n != 1 {
			t.Fatalf("index %d visited %d times", i, n)
		}
	}
}

func TestStreamDeliversAll(t *testing.T) {
	in := []string{"a", "b", "c", "d"}
	sum := 0
	for r := range Stream(context.Background(), in, 2, func(_ context.Context, s string) int { return len(s) }) {
		sum += r
	}
	if sum != 4 {
		t.Fatalf("sum = %d", sum)
	}
}

func TestRetryStopsOnPermanent(t *testing.T) {
	calls := 0
	err := Retry(context.Background(), 5, time.Millisecond, func(int) error {
		calls++
		return fmt.Errorf("bad input: %w", ErrPermanent)
	})
	if !errors.Is(err, ErrPermanent) || calls != 1 {
		t.Fatalf("err=%v calls=%d", err, calls)
	}
}

func TestRetryEventuallySucceeds(t *testing.T) {
	err := Retry(context.Background(), 4, time.Millisecond, func(attempt int) error {
		if attempt < 3 {
			return errors.New("flaky")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestGroupFirstError(t *testing.T) {
	g := NewGroup(2)
	boom := errors.New("boom")
	for i := range 5 {
		g.Go(func() error {
			if i == 3 {
				return boom
			}
			return nil
		})
	}
	if err := g.Wait(); !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
}

func TestChunk(t *testing.T) {
	got := Chunk([]int{1, 2, 3, 4, 5}, 2)
	if len(got) != 3 || len(got[2]) != 1 {
		t.Fatalf("got %v", got)
	}
}
