package notify

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestAfterRunsOnce(t *testing.T) {
	s := NewScheduler()
	var n atomic.Int32
	done := make(chan struct{})
	s.After("loan-1", time.Millisecond, func() {
		n.Add(1)
		close(done)
	})
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("callback did not run")
	}
	if got := n.Load(); got != 1 {
		t.Fatalf("ran %d times", got)
	}
	if s.Pending() != 0 || s.Fired() != 1 {
		t.Fatalf("pending=%d fired=%d", s.Pending(), s.Fired())
	}
}

func TestRescheduleReplacesCallback(t *testing.T) {
	s := NewScheduler()
	got := make(chan string, 2)
	s.After("loan-1", 20*time.Millisecond, func() { got <- "first" })
	s.After("loan-1", time.Millisecond, func() { got <- "second" })
	select {
	case v := <-got:
		if v != "second" {
			t.Fatalf("got %q", v)
		}
	case <-time.After(time.Second):
		t.Fatal("no callback")
	}
	time.Sleep(40 * time.Millisecond)
	if len(got) != 0 {
		t.Fatalf("replaced callback still ran")
	}
}

func TestConcurrentScheduleAndCancel(t *testing.T) {
	s := NewScheduler()
	defer s.Stop()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			key := string(rune('a' + i))
			for range 50 {
				s.After(key, time.Hour, func() {})
				s.Cancel(key)
			}
		})
	}
	wg.Wait()
	if s.Pending() != 0 {
		t.Fatalf("pending = %d", s.Pending())
	}
}

func TestStopDropsPending(t *testing.T) {
	s := NewScheduler()
	ran := make(chan struct{}, 1)
	s.After("k", 5*time.Millisecond, func() { ran <- struct{}{} })
	s.Stop()
	s.After("k2", time.Millisecond, func() { ran <- struct{}{} })
	time.Sleep(30 * time.Millisecond)
	if len(ran) != 0 {
		t.Fatal("callback ran after Stop")
	}
}
