package par

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

func TestForEachVisitsEveryIndexOnce(t *testing.T) {
	for _, tc := range []struct{ n, workers int }{{0, 3}, {1, 4}, {7, 3}, {10, 1}, {5, 0}} {
		seen := make([]int32, tc.n)
		wait := ForEach(tc.n, tc.workers, func(i int) {
			atomic.AddInt32(&seen[i], 1)
		})
		wait()
		for i, c := range seen {
			if c != 1 {
				t.Errorf("n=%d workers=%d: index %d visited %d times", tc.n, tc.workers, i, c)
			}
		}
	}
}

func TestMapKeepsOrder(t *testing.T) {
	in := []int{5, 3, 8, 1, 9, 2}
	got, err := Map(context.Background(), in, 2, func(_ context.Context, v int) (int, error) {
		time.Sleep(time.Duration(v) * 100 * time.Microsecond)
		return v * v, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []int{25, 9, 64, 1, 81, 4}
	if !slices.Equal(got, want) {
		t.Fatalf("Map = %v, want %v", got, want)
	}
}

func TestMapStopsOnError(t *testing.T) {
	boom := errors.New("boom")
	_, err := Map(context.Background(), []int{1, 2, 3}, 0, func(_ context.Context, v int) (int, error) {
		if v == 2 {
			return 0, boom
		}
		return v, nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
}

func TestStreamDeliversAll(t *testing.T) {
	got := Collect(Stream(context.Background(), []string{"a", "bb", "ccc"}, 2, func(_ context.Context, s string) int {
		return len(s)
	}))
	slices.Sort(got)
	if !slices.Equal(got, []int{1, 2, 3}) {
		t.Fatalf("Stream = %v", got)
	}
}

func TestStreamCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := Stream(ctx, []int{1, 2, 3, 4}, 1, func(_ context.Context, v int) int { return v })
	<-ch
	cancel()
	for range ch {
	}
}

func TestAsyncClosesDone(t *testing.T) {
	var ran atomic.Bool
	<-Async(func() { ran.Store(true) })
	if !ran.Load() {
		t.Fatal("fn did not run")
	}
}

func TestRetry(t *testing.T) {
	calls := 0
	err := Retry(context.Background(), 4, time.Microsecond, func(context.Context) error {
		calls++
		if calls < 3 {
			return errors.New("flaky")
		}
		return nil
	})
	if err != nil || calls != 3 {
		t.Fatalf("err=%v calls=%d", err, calls)
	}

	calls = 0
	bad := errors.New("bad input")
	err = Retry(context.Background(), 4, time.Microsecond, func(context.Context) error {
		calls++
		return Permanent(bad)
	})
	if err != bad || calls != 1 {
		t.Fatalf("permanent: err=%v calls=%d", err, calls)
	}

	calls = 0
	err = Retry(context.Background(), 2, time.Microsecond, func(context.Context) error {
		calls++
		return errors.New("down")
	})
	if err == nil || calls != 2 {
		t.Fatalf("exhausted: err=%v calls=%d", err, calls)
	}
}

func TestGroupLimitAndError(t *testing.T) {
	g, ctx := WithContext(context.Background())
	g.SetLimit(2)
	var running, peak atomic.Int32
	boom := errors.New("boom")
	for i := range 6 {
		g.Go(func() error {
			n := running.Add(1)
			defer running.Add(-1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			time.Sleep(time.Millisecond)
			if i == 3 {
				return boom
			}
			return nil
		})
	}
	if err := g.Wait(); err != boom {
		t.Fatalf("Wait = %v", err)
	}
	if peak.Load() > 2 {
		t.Fatalf("%d tasks ran at once", peak.Load())
	}
	if ctx.Err() == nil {
		t.Fatal("context not cancelled")
	}
	var zero Group
	zero.Go(func() error { return nil })
	if err := zero.Wait(); err != nil {
		t.Fatal(err)
	}
}
