package kmer

import (
	"bytes"
	"context"
	"math"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

func repeatRecord(id, unit string, n int) Record {
	return Record{ID: id, Seq: bytes.Repeat([]byte(unit), n)}
}

func cleanRecords() []Record {
	return []Record{
		repeatRecord("r1", "ACGT", 50),
		repeatRecord("r2", "GGCCA", 40),
		repeatRecord("r3", "TTAGGG", 30),
		repeatRecord("r4", "ACGT", 25),
	}
}

func newTestJob(t *testing.T, opts ...Option) *Job {
	t.Helper()
	j, err := NewJob(opts...)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func TestNewJobRejectsBadK(t *testing.T) {
	if _, err := NewJob(WithK(40)); err == nil {
		t.Fatal("NewJob accepted k=40")
	}
}

func TestRunEmpty(t *testing.T) {
	j := newTestJob(t)
	if _, err := j.Run(context.Background()); err != ErrEmpty {
		t.Fatalf("err = %v, want ErrEmpty", err)
	}
}

func TestRunCountsKmers(t *testing.T) {
	j := newTestJob(t, WithK(4), WithWorkers(2))
	j.Add(cleanRecords()...)
	p, err := j.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// r1 contributes 197 windows, r4 97; ACGT is every fourth window.
	if got, want := p.Count("ACGT"), 50+25; got != want {
		t.Errorf("ACGT count = %d, want %d", got, want)
	}
	if got, want := p.Windows, 197+197+177+97; got != want {
		t.Errorf("windows = %d, want %d", got, want)
	}
	if p.Total() != p.Windows {
		t.Errorf("total %d != windows %d", p.Total(), p.Windows)
	}
	st := j.Stats()
	if st.Records != 4 || st.Distinct != p.Distinct() || st.Windows != p.Windows {
		t.Errorf("stats = %+v", st)
	}
}

func TestRunCanonicalMergesStrands(t *testing.T) {
	j := newTestJob(t, WithK(3), WithWorkers(2), WithCanonical())
	j.Add(Record{ID: "f", Seq: []byte("AAAAAA")}, Record{ID: "r", Seq: []byte("TTTTTT")})
	p, err := j.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if p.Distinct() != 1 || p.Count("AAA") != 8 {
		t.Errorf("distinct=%d AAA=%d, want 1 and 8", p.Distinct(), p.Count("AAA"))
	}
}

func TestRunPrunesRareKmers(t *testing.T) {
	j := newTestJob(t, WithK(4), WithWorkers(2), WithMinCount(30))
	j.Add(cleanRecords()...)
	p, err := j.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range p.Top(100) {
		if e.Count < 30 {
			t.Errorf("%s kept with count %d", e.Kmer, e.Count)
		}
	}
}

func TestStartCountsSnapshot(t *testing.T) {
	j := newTestJob(t, WithK(4), WithWorkers(2))
	j.Add(cleanRecords()...)
	out := j.Start(context.Background())
	for i := range 20 {
		j.Add(repeatRecord("late", "CATG", 10+i))
	}
	res := <-out
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if res.Profile.Count("CATG") != 0 {
		t.Errorf("snapshot saw records added after Start")
	}
	if res.Stats.Records != 4 || j.Stats().Records != 24 {
		t.Errorf("records: snapshot %d, job %d", res.Stats.Records, j.Stats().Records)
	}
}

func TestSummarize(t *testing.T) {
	recs := []Record{
		{ID: "a", Seq: []byte("GGGGCCCC")},
		{ID: "b", Seq: []byte("AAAATTTTNNN")},
		{ID: "c", Seq: []byte("ACGTNACGT")},
	}
	stats, gc, err := Summarize(context.Background(), recs, 2)
	if err != nil {
		t.Fatal(err)
	}
	if stats[0].GC != 1 || stats[1].GC != 0 || stats[1].LongestN != 3 || stats[2].Ambiguous != 1 {
		t.Errorf("stats = %+v", stats)
	}
	if want := 12.0 / 24.0; math.Abs(gc-want) > 1e-9 {
		t.Errorf("gc = %v, want %v", gc, want)
	}
}

func TestSpectrumAndGenomeSize(t *testing.T) {
	p := &Profile{K: 3, Counts: map[Kmer]int{1: 1, 2: 1, 3: 1, 4: 5, 5: 5, 6: 6, 7: 5}}
	h := p.Spectrum()
	if !slices.Equal(h, []int{0, 3, 0, 0, 0, 3, 1}) {
		t.Fatalf("spectrum = %v", h)
	}
	size, peak := EstimateGenomeSize(h, 2)
	if peak != 5 || size != (15+6)/5 {
		t.Errorf("size=%d peak=%d", size, peak)
	}
}

func TestCompareAll(t *testing.T) {
	named := map[string]*Profile{}
	for _, r := range cleanRecords() {
		j := newTestJob(t, WithK(4), WithWorkers(1))
		j.Add(r)
		p, err := j.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		named[r.ID] = p
	}
	pairs, err := CompareAll(context.Background(), named, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs) != 6 {
		t.Fatalf("got %d pairs", len(pairs))
	}
	if top := pairs[0]; top.A != "r1" || top.B != "r4" || top.Jaccard != 1 {
		t.Errorf("most similar pair = %+v", top)
	}
}

func TestRunCountsAmbiguousBases(t *testing.T) {
	j := newTestJob(t, WithK(4), WithWorkers(2))
	for i := range 4 {
		r := repeatRecord("amb", "ACGTN", 200)
		r.ID += string(rune('0' + i))
		j.Add(r)
	}
	p, err := j.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if p.Count("ACGT") != 800 {
		t.Errorf("ACGT count = %d, want 800", p.Count("ACGT"))
	}
	if p.Ambiguous == 0 {
		t.Errorf("no ambiguous bases recorded")
	}
}

func TestRunMeasuresGC(t *testing.T) {
	j := newTestJob(t, WithK(5), WithWorkers(2), WithGC())
	j.Add(cleanRecords()...)
	p, err := j.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	if p.GC < 0 || p.GC > 1 {
		t.Errorf("gc = %v", p.GC)
	}
	if p.Distinct() == 0 {
		t.Error("empty profile")
	}
}

func TestWatchReportsProgress(t *testing.T) {
	j := newTestJob(t, WithK(5))
	var reports atomic.Int64
	stop := j.Watch(time.Millisecond, func(p Progress) {
		if p.Bases >= 0 {
			reports.Add(1)
		}
	})
	for i := range 40 {
		j.Add(repeatRecord("chunk", "ACGGT", 10+i))
		time.Sleep(time.Millisecond)
	}
	stop()
	if reports.Load() == 0 {
		t.Error("no progress reported")
	}
	if j.Stats().Records != 40 {
		t.Errorf("records = %d", j.Stats().Records)
	}
}

func TestSpectrumAsyncCachesResult(t *testing.T) {
	j := newTestJob(t, WithK(4), WithWorkers(2))
	j.Add(cleanRecords()...)
	p, err := j.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	h := <-p.SpectrumAsync()
	time.Sleep(5 * time.Millisecond)
	if got := p.Spectrum(); !slices.Equal(got, h) {
		t.Errorf("Spectrum() = %v, async gave %v", got, h)
	}
}
