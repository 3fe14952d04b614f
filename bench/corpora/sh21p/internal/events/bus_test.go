package events

import (
	"sync"
	"testing"
)

func TestDeliveryOrder(t *testing.T) {
	b := New()
	defer b.Close()

	var mu sync.Mutex
	var got []int
	b.Subscribe("n", func(ev Event) {
		mu.Lock()
		got = append(got, ev.Payload.(int))
		mu.Unlock()
	})
	for i := 0; i < 20; i++ {
		b.Publish("n", i)
	}
	b.Flush()
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 20 {
		t.Fatalf("got %d events", len(got))
	}
	for i, v := range got {
		if v != i {
			t.Fatalf("event %d = %d", i, v)
		}
	}
}

func TestUnsubscribe(t *testing.T) {
	b := New()
	defer b.Close()
	calls := 0
	cancel := b.Subscribe("x", func(Event) { calls++ })
	b.Publish("x", nil)
	b.Flush()
	cancel()
	b.Publish("x", nil)
	b.Flush()
	if calls != 1 {
		t.Fatalf("calls = %d", calls)
	}
}

func TestPublishDropsWhenFull(t *testing.T) {
	block := make(chan struct{})
	busy := make(chan struct{}, 1)
	b := New(WithBuffer(1))
	b.Subscribe("slow", func(Event) {
		select {
		case busy <- struct{}{}:
		default:
		}
		<-block
	})
	b.Publish("slow", 1)
	<-busy               // the dispatcher is stuck in the handler
	b.Publish("slow", 2) // fills the buffer
	if b.Publish("slow", 3) {
		t.Fatal("expected drop")
	}
	if b.Dropped() != 1 {
		t.Fatalf("dropped = %d", b.Dropped())
	}
	close(block)
	b.Close()
	if b.Publish("slow", 4) {
		t.Fatal("publish after close succeeded")
	}
}
