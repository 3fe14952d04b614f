package pump

import (
	"testing"
	"time"
)

type fakeSink struct {
	got []string
}

func (f *fakeSink) Put(v string) { f.got = append(f.got, v) }

func TestPump(t *testing.T) {
	f := &fakeSink{}
	p := NewPump(f)
	p.Emit("a")
	time.Sleep(time.Millisecond)
	if len(f.got) != 1 {
		t.Fatal(f.got)
	}
}
