package fanout

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

func TestSplit(t *testing.T) {
	got := Split(10, 3)
	want := []Span{{0, 4}, {4, 7}, {7, 10}}
	if !slices.Equal(got, want) {
		t.Fatalf("Split(10, 3) = %v", got)
	}
	if got := Split(2, 5); len(got) != 2 || got[1].Len() != 1 {
		t.Errorf("Split(2, 5) = %v", got)
	}
	if Split(0, 4) != nil {
		t.Error("Split(0, 4) not nil")
	}
}

func TestWorkers(t *testing.T) {
	if Workers(8, 3) != 3 || Workers(2, 10) != 2 || Workers(0, 1) != 1 || Workers(-1, 0) < 1 {
		t.Error("Workers clamps incorrectly")
	}
}

func TestSpansEachWorkerOwnSlot(t *testing.T) {
	sums := make([]int, 4)
	wait := Spans(100, 4, func(w int, s Span) {
		for i := s.Lo; i < s.Hi; i++ {
			sums[w] += i
		}
	})
	wait()
	total := 0
	for _, s := range sums {
		total += s
	}
	if total != 4950 {
		t.Errorf("total = %d", total)
	}
}

func TestGo(t *testing.T) {
	var v int
	wait := Go(func() { v = 42 })
	wait()
	wait()
	if v != 42 {
		t.Errorf("v = %d", v)
	}
}

func TestMap(t *testing.T) {
	in := []int{1, 2, 3, 4, 5, 6, 7}
	out, err := Map(context.Background(), in, 3, func(_ context.Context, n int) (string, error) {
		return strconv.Itoa(n * n), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out, []string{"1", "4", "9", "16", "25", "36", "49"}) {
		t.Errorf("out = %v", out)
	}
	boom := errors.New("boom")
	_, err = Map(context.Background(), in, 3, func(_ context.Context, n int) (int, error) {
		if n == 5 {
			return 0, boom
		}
		return n, nil
	})
	if !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
}

func TestStreamCollect(t *testing.T) {
	in := []string{"a", "bb", "ccc", "dddd"}
	ch := Stream(context.Background(), in, 2, func(_ context.Context, s string) (int, error) {
		return len(s), nil
	})
	out, err := Collect(len(in), ch)
	if err != nil || !slices.Equal(out, []int{1, 2, 3, 4}) {
		t.Errorf("out = %v, err = %v", out, err)
	}
}

func TestRetry(t *testing.T) {
	temp := errors.New("temporary")
	var calls atomic.Int64
	n, err := Retry(context.Background(), Backoff{Attempts: 4, Initial: time.Millisecond, Max: 2 * time.Millisecond}, func(attempt int) error {
		calls.Add(1)
		if attempt < 2 {
			return temp
		}
		return nil
	})
	if err != nil || n != 3 || calls.Load() != 3 {
		t.Errorf("n=%d err=%v calls=%d", n, err, calls.Load())
	}

	fatal := errors.New("fatal")
	n, err = Retry(context.Background(), Backoff{Attempts: 4}, func(int) error { return Permanent(fatal) })
	if n != 1 || err != fatal {
		t.Errorf("permanent: n=%d err=%v", n, err)
	}

	n, err = Retry(context.Background(), Backoff{Attempts: 2}, func(int) error { return temp })
	if n != 2 || err != temp {
		t.Errorf("exhausted: n=%d err=%v", n, err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Retry(ctx, Backoff{Attempts: 3, Initial: time.Hour}, func(int) error { return temp })
	if !errors.Is(err, temp) || !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: err = %v", err)
	}
}
