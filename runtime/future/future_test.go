package future_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/confinecheck/confinecheck/runtime/future"
)

var errBoom = errors.New("boom")

// await fails the test unless f has completed.
func await[T any](t *testing.T, f *future.Future[T]) (T, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	v, err := f.Await(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		t.Fatal("the future did not complete")
	}
	return v, err
}

func pending[T any](t *testing.T, f *future.Future[T]) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := f.Await(ctx); !errors.Is(err, context.Canceled) {
		t.Fatal("the future completed too early")
	}
}

func TestOnlyTheFirstCompletionCounts(t *testing.T) {
	p := future.NewPromise[int]()
	var got []int
	p.Future().OnComplete(func(v int, _ error) { got = append(got, v) })
	p.Complete(1, nil)
	p.Complete(2, nil)
	p.Future().OnComplete(func(v int, _ error) { got = append(got, v) }) // already complete: runs now
	if !slices.Equal(got, []int{1, 1}) {
		t.Fatalf("callbacks saw %v, want [1 1]", got)
	}
}

func TestFlatMapAndRescue(t *testing.T) {
	double := func(v int) *future.Future[int] { return future.Value(2 * v) }
	if v, err := await(t, future.Value(2).FlatMap(double)); v != 4 || err != nil {
		t.Errorf("FlatMap of a success = %v, %v; want 4, nil", v, err)
	}
	if _, err := await(t, future.Failed[int](errBoom).FlatMap(double)); !errors.Is(err, errBoom) {
		t.Errorf("FlatMap of a failure = %v; want the failure", err)
	}
	retry := func(error) *future.Future[int] { return future.Value(7) }
	if v, err := await(t, future.Failed[int](errBoom).Rescue(retry)); v != 7 || err != nil {
		t.Errorf("Rescue of a failure = %v, %v; want 7, nil", v, err)
	}
	if v, err := await(t, future.Value(3).Rescue(retry)); v != 3 || err != nil {
		t.Errorf("Rescue of a success = %v, %v; want 3, nil", v, err)
	}
}

func TestMapAndTransform(t *testing.T) {
	length := func(s string) int { return len(s) }
	if v, err := await(t, future.Map(future.Value("four"), length)); v != 4 || err != nil {
		t.Errorf("Map of a success = %v, %v; want 4, nil", v, err)
	}
	if _, err := await(t, future.Map(future.Failed[string](errBoom), length)); !errors.Is(err, errBoom) {
		t.Errorf("Map of a failure = %v; want the failure", err)
	}
	describe := func(_ int, err error) (string, error) { return "saw " + err.Error(), nil }
	if v, err := await(t, future.Transform(future.Failed[int](errBoom), describe)); v != "saw boom" || err != nil {
		t.Errorf("Transform of a failure = %q, %v; want \"saw boom\", nil", v, err)
	}
}

func TestCollect(t *testing.T) {
	a, b := future.NewPromise[int](), future.NewPromise[int]()
	all := future.Collect([]*future.Future[int]{a.Future(), b.Future()})
	b.Complete(2, nil)
	pending(t, all)
	a.Complete(1, nil)
	if v, err := await(t, all); !slices.Equal(v, []int{1, 2}) || err != nil {
		t.Errorf("Collect = %v, %v; want [1 2] in input order", v, err)
	}

	c := future.NewPromise[int]()
	failed := future.Collect([]*future.Future[int]{c.Future(), future.Failed[int](errBoom)})
	if _, err := await(t, failed); !errors.Is(err, errBoom) {
		t.Errorf("Collect with a failure = %v; want it without waiting for the rest", err)
	}

	if v, err := await(t, future.Collect[int](nil)); len(v) != 0 || err != nil {
		t.Errorf("Collect of nothing = %v, %v; want an empty success", v, err)
	}
}

func TestSleepAndWithinOnAManualTimer(t *testing.T) {
	var timer future.ManualTimer
	slept := future.Sleep(&timer, 2*time.Second)
	never := future.NewPromise[int]()
	timedOut := future.Within(never.Future(), &timer, time.Second)
	inTime := future.Within(future.Value(5), &timer, time.Second)

	if v, err := await(t, inTime); v != 5 || err != nil {
		t.Errorf("Within of a completed future = %v, %v; want 5, nil", v, err)
	}
	timer.Advance(time.Second)
	if _, err := await(t, timedOut); !errors.Is(err, future.ErrTimeout) {
		t.Errorf("Within of a pending future = %v; want ErrTimeout", err)
	}
	pending(t, slept)
	timer.Advance(time.Second)
	await(t, slept)
	if n := timer.Pending(); n != 0 {
		t.Errorf("%d tasks still pending", n)
	}
}

func TestSerialTimerRunsTasksOneAtATimeInDeadlineOrder(t *testing.T) {
	timer := future.NewSerialTimer()
	defer timer.Stop()
	var (
		mu      sync.Mutex
		order   []int
		running atomic.Int32
		wg      sync.WaitGroup
	)
	for _, ms := range []int{30, 10, 20, 10} {
		wg.Add(1)
		timer.Schedule(time.Duration(ms)*time.Millisecond, func() {
			defer wg.Done()
			if running.Add(1) != 1 {
				t.Error("two tasks ran at once")
			}
			mu.Lock()
			order = append(order, ms)
			mu.Unlock()
			running.Add(-1)
		})
	}
	wg.Wait()
	if !slices.Equal(order, []int{10, 10, 20, 30}) {
		t.Errorf("tasks ran in the order %v", order)
	}
}

func TestFromExternal(t *testing.T) {
	ch := make(chan string)
	f := future.FromExternal(ch)
	pending(t, f)
	ch <- "stopped"
	if v, err := await(t, f); v != "stopped" || err != nil {
		t.Errorf("FromExternal = %q, %v; want \"stopped\", nil", v, err)
	}
	closed := make(chan struct{})
	close(closed)
	await(t, future.FromExternal(closed))
}
