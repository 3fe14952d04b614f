package loop

import (
	"errors"
	"sync"
	"testing"
	"time"
)

func TestPostRunsInOrder(t *testing.T) {
	l := New(WithName("order"))
	l.Start()
	defer l.Stop()

	var got []int
	for i := range 10 {
		if err := l.Post(func() { got = append(got, i) }); err != nil {
			t.Fatal(err)
		}
	}
	n, err := Call(l, func() int { return len(got) })
	if err != nil {
		t.Fatal(err)
	}
	if n != 10 {
		t.Fatalf("len = %d, want 10", n)
	}
	snapshot, _ := Call(l, func() []int { return append([]int(nil), got...) })
	for i, v := range snapshot {
		if v != i {
			t.Fatalf("got[%d] = %d", i, v)
		}
	}
}

func TestConcurrentCallers(t *testing.T) {
	l := New()
	l.Start()
	defer l.Stop()

	counter := 0
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				_ = l.Do(func() { counter++ })
			}
		})
	}
	wg.Wait()
	got, _ := Call(l, func() int { return counter })
	if got != 800 {
		t.Fatalf("counter = %d, want 800", got)
	}
}

func TestOnTickRunsOnLoop(t *testing.T) {
	ticks := 0
	l := New(OnTick("count", time.Millisecond, func() { ticks++ }))
	l.Start()
	defer l.Stop()

	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		n, _ := Call(l, func() int { return ticks })
		if n >= 3 {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("ticker never fired three times")
}

func TestAfterPostsToLoop(t *testing.T) {
	l := New()
	l.Start()
	defer l.Stop()

	fired := false
	l.After(2*time.Millisecond, func() { fired = true })
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		ok, _ := Call(l, func() bool { return fired })
		if ok {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("After callback never ran")
}

func TestStopped(t *testing.T) {
	l := New()
	l.Start()
	l.Stop()
	if err := l.Post(func() {}); !errors.Is(err, ErrStopped) {
		t.Fatalf("Post after Stop: %v", err)
	}
	if _, err := Call(l, func() int { return 1 }); !errors.Is(err, ErrStopped) {
		t.Fatalf("Call after Stop: %v", err)
	}
}

func TestCallBeforeStart(t *testing.T) {
	l := New()
	defer l.Stop()
	if _, err := Call(l, func() int { return 1 }); !errors.Is(err, ErrNotStarted) {
		t.Fatalf("err = %v", err)
	}
}

func TestPanicHandler(t *testing.T) {
	recovered := make(chan any, 1)
	l := New(WithPanicHandler(func(v any) { recovered <- v }))
	l.Start()
	defer l.Stop()
	_ = l.Post(func() { panic("boom") })
	select {
	case v := <-recovered:
		if v != "boom" {
			t.Fatalf("recovered %v", v)
		}
	case <-time.After(time.Second):
		t.Fatal("panic not recovered")
	}
	if _, err := Call(l, func() int { return 1 }); err != nil {
		t.Fatalf("loop died after panic: %v", err)
	}
}
