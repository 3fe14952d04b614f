package loop

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestCallRunsInOrder(t *testing.T) {
	l := New(WithName("order"))
	l.Start()
	defer l.Stop()

	var seen []int
	for i := 0; i < 10; i++ {
		l.Post(func() { seen = append(seen, i) })
	}
	got, err := Call(l, func() []int { return append([]int(nil), seen...) })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 10 {
		t.Fatalf("got %d entries, want 10", len(got))
	}
	for i, v := range got {
		if v != i {
			t.Fatalf("entry %d = %d", i, v)
		}
	}
}

func TestOnTickPostsToLoop(t *testing.T) {
	l := New()
	l.Start()
	defer l.Stop()

	ticks := 0
	cancel := l.OnTick(2*time.Millisecond, func() { ticks++ })
	time.Sleep(20 * time.Millisecond)
	cancel()
	n, err := Call(l, func() int { return ticks })
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no ticks delivered")
	}
}

func TestPanicIsRecovered(t *testing.T) {
	var caught any
	l := New(WithPanicHandler(func(_ string, v any) { caught = v }))
	l.Start()
	defer l.Stop()

	l.Post(func() { panic("boom") })
	v, err := Call(l, func() any { return caught })
	if err != nil {
		t.Fatal(err)
	}
	if v != "boom" {
		t.Fatalf("caught %v", v)
	}
}

func TestCallAfterStop(t *testing.T) {
	l := New()
	l.Start()
	l.Stop()
	if _, err := Call(l, func() int { return 1 }); !errors.Is(err, ErrStopped) {
		t.Fatalf("err = %v, want ErrStopped", err)
	}
	if err := l.Do(func() {}); !errors.Is(err, ErrStopped) {
		t.Fatalf("Do err = %v", err)
	}
}

func TestStopWithoutStart(t *testing.T) {
	l := New()
	done := make(chan struct{})
	go func() {
		l.Stop()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("Stop blocked on an unstarted loop")
	}
}

func TestCallContextCancelled(t *testing.T) {
	l := New()
	// Not started: the call can never complete.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CallContext(ctx, l, func() int { return 1 }); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	l.Stop()
}
