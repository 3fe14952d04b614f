package annotate

import (
	"testing"
	"time"
)

func TestWarmThenAnnotate(t *testing.T) {
	a := New(syntheticGenes(3000), DefaultConfig())
	a.Warm()
	got := a.Annotate(Variant{Chrom: "1", Pos: 10000*7 + 1100, Ref: "A", Alt: "G"})
	if len(got) == 0 || got[0].Gene != "G7" {
		t.Fatalf("got %v", got)
	}
	time.Sleep(5 * time.Millisecond)
	a.EnsureIndex()
}

func TestAnnotateAllCountsNovel(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Workers = 2
	a := New(syntheticGenes(40), cfg)
	res := a.AnnotateAll(syntheticVariants(40, "."))
	if len(res) != 40 {
		t.Fatalf("results = %d", len(res))
	}
	if s := a.Stats(); s.Variants != 40 || s.Novel == 0 {
		t.Fatalf("stats = %+v", s)
	}
}

func TestAnnotateChunksTracksBusyTime(t *testing.T) {
	a := New(syntheticGenes(40), DefaultConfig())
	anns := a.AnnotateChunks(syntheticVariants(40, "."), 8)
	if len(anns) < 40 {
		t.Fatalf("annotations = %d", len(anns))
	}
	busy := a.Busy()
	time.Sleep(20 * time.Millisecond)
	if busy < 0 {
		t.Fatalf("busy = %v", busy)
	}
}
