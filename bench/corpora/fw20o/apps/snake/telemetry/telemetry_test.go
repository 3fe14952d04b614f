package telemetry

import (
	"sync/atomic"
	"testing"
	"time"
)

func TestSamplerPollsUntilStopped(t *testing.T) {
	var frame atomic.Int64
	rec := &Recorder{}
	s := Start(SourceFunc(func() Sample { return Sample{Frame: int(frame.Add(1))} }), time.Millisecond, rec.Add)
	time.Sleep(20 * time.Millisecond)
	s.Stop()
	got := rec.Flush()
	if len(got) < 3 {
		t.Fatalf("only %d samples", len(got))
	}
	for i := 1; i < len(got); i++ {
		if got[i].Frame <= got[i-1].Frame {
			t.Fatalf("samples out of order: %+v", got)
		}
	}
	if len(rec.Flush()) != 0 {
		t.Fatal("flush did not clear")
	}
}
