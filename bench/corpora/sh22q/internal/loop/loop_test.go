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
	for i := 0; i < 50; i++ {
		if err := l.Post(func() { got = append(got, i) }); err != nil {
			t.Fatal(err)
		}
	}
	n, err := Call(l, func() int { return len(got) })
	if err != nil {
		t.Fatal(err)
	}
	if n != 50 {
		t.Fatalf("ran %d functions, want 50", n)
	}
	for i, v := range got {
		if v != i {
			t.Fatalf("got[%d] = %d", i, v)
		}
	}
}

func TestCallAfterStop(t *testing.T) {
	l := New()
	l.Start()
	l.Stop()
	if _, err := Call(l, func() int { return 1 }); !errors.Is(err, ErrStopped) {
		t.Fatalf("err = %v, want ErrStopped", err)
	}
}

func TestStopWithoutStart(t *testing.T) {
	l := New()
	l.Stop()
	<-l.Done()
}

func TestOnTickRunsOnLoop(t *testing.T) {
	l := New()
	l.Start()
	defer l.Stop()

	ticks := 0
	stop := l.OnTick(time.Millisecond, func() { ticks++ })
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		n, _ := Call(l, func() int { return ticks })
		if n >= 3 {
			stop()
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("ticker never fired three times")
}

func TestPanicHandler(t *testing.T) {
	var mu sync.Mutex
	var seen []any
	l := New(WithName("p"), WithPanicHandler(func(name string, v any) {
		mu.Lock()
		seen = append(seen, v)
		mu.Unlock()
	}))
	l.Start()
	defer l.Stop()
	_ = l.Post(func() { panic("boom") })
	if err := l.Do(func() {}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 1 || seen[0] != "boom" {
		t.Fatalf("seen = %v", seen)
	}
}

func TestAfter(t *testing.T) {
	l := New()
	l.Start()
	defer l.Stop()
	fired := make(chan bool, 1)
	count := 0
	l.After(time.Millisecond, func() {
		count++
		fired <- count == 1
	})
	select {
	case ok := <-fired:
		if !ok {
			t.Fatal("count mismatch")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("timer never fired")
	}
}
