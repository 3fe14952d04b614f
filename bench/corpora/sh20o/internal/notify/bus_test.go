package notify

import (
	"testing"
	"time"
)

func TestBusDeliversInOrder(t *testing.T) {
	b := NewBus[int](16)
	got := make(chan int, 16)
	b.Subscribe(func(v int) { got <- v })
	for i := range 5 {
		b.Publish(i)
	}
	for i := range 5 {
		select {
		case v := <-got:
			if v != i {
				t.Fatalf("got %d, want %d", v, i)
			}
		case <-time.After(time.Second):
			t.Fatal("timed out")
		}
	}
	b.Close()
}

func TestBusCancel(t *testing.T) {
	b := NewBus[string](4)
	calls := make(chan string, 4)
	cancel := b.Subscribe(func(s string) { calls <- s })
	cancel()
	b.Publish("x")
	b.Close()
	if len(calls) != 0 {
		t.Fatal("cancelled subscriber was called")
	}
}

func TestBusDropsWhenFull(t *testing.T) {
	b := NewBus[int](1)
	block := make(chan struct{})
	b.Subscribe(func(int) { <-block })
	b.Publish(1)
	time.Sleep(5 * time.Millisecond)
	b.Publish(2)
	if b.Publish(3) {
		t.Fatal("publish into full queue succeeded")
	}
	if b.Dropped() != 1 {
		t.Fatalf("dropped = %d", b.Dropped())
	}
	close(block)
	b.Close()
}
