package batch

import (
	"testing"
	"time"
)

func TestFlushBySize(t *testing.T) {
	got := make(chan []int, 4)
	b := New(func(items []int) { got <- items }, Size(3), Every(time.Hour))
	for i := range 3 {
		b.Add(i)
	}
	select {
	case items := <-got:
		if len(items) != 3 {
			t.Fatalf("len = %d", len(items))
		}
	case <-time.After(time.Second):
		t.Fatal("no flush")
	}
	b.Close()
}

func TestFlushByTime(t *testing.T) {
	got := make(chan []string, 4)
	b := New(func(items []string) { got <- items }, Size(100), Every(2*time.Millisecond))
	b.Add("a")
	select {
	case items := <-got:
		if len(items) != 1 || items[0] != "a" {
			t.Fatalf("items = %v", items)
		}
	case <-time.After(time.Second):
		t.Fatal("no flush")
	}
	b.Close()
}

func TestCloseFlushesPending(t *testing.T) {
	var total int
	b := New(func(items []int) { total += len(items) }, Size(100), Every(time.Hour))
	for i := range 10 {
		b.Add(i)
	}
	b.Close()
	if total != 10 {
		t.Fatalf("total = %d", total)
	}
	if b.Add(1) {
		t.Fatal("Add after Close succeeded")
	}
}
