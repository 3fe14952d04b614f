package fanout

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

func TestMapKeepsOrder(t *testing.T) {
	got, err := Map(context.Background(), []int{1, 2, 3, 4}, func(_ context.Context, n int) (int, error) {
		return n * n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 4, 9, 16}; !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

func TestMapJoinsErrors(t *testing.T) {
	boom := errors.New("boom")
	_, err := Map(context.Background(), []int{1, 2}, func(_ context.Context, n int) (int, error) {
		if n == 2 {
			return 0, boom
		}
		return n, nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
}

func TestStreamDeliversAll(t *testing.T) {
	sum := 0
	for v := range Stream([]int{1, 2, 3}, func(n int) int { return n * 10 }) {
		sum += v
	}
	if sum != 60 {
		t.Fatalf("sum = %d", sum)
	}
}

func TestRetry(t *testing.T) {
	calls := 0
	err := Retry(context.Background(), 3, time.Millisecond, func(int) error {
		calls++
		if calls < 3 {
			return errors.New("not yet")
		}
		return nil
	})
	if err != nil || calls != 3 {
		t.Fatalf("err=%v calls=%d", err, calls)
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
