package workpool

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
)

func TestMapKeepsOrder(t *testing.T) {
	p := New(3)
	defer p.Close()
	words := []string{"telemetry", "uplink", "pass", "beacon"}
	got, err := Map(context.Background(), p, words, strings.ToUpper)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range words {
		if got[i] != strings.ToUpper(w) {
			t.Fatalf("got[%d] = %q", i, got[i])
		}
	}
}

func TestCloseWaitsForTasks(t *testing.T) {
	p := New(2, WithQueueDepth(8))
	var n atomic.Int64
	for i := 0; i < 8; i++ {
		if err := p.Submit(context.Background(), func() { n.Add(1) }); err != nil {
			t.Fatal(err)
		}
	}
	p.Close()
	if n.Load() != 8 {
		t.Fatalf("ran %d tasks, want 8", n.Load())
	}
	if err := p.Submit(context.Background(), func() {}); !errors.Is(err, ErrClosed) {
		t.Fatalf("err = %v, want ErrClosed", err)
	}
}

func TestPanicHandler(t *testing.T) {
	var panics atomic.Int64
	p := New(1, WithPanicHandler(func(any) { panics.Add(1) }))
	_ = p.Submit(context.Background(), func() { panic("bad task") })
	p.Close()
	if panics.Load() != 1 {
		t.Fatalf("panics = %d", panics.Load())
	}
}
