package thumbs

import (
	"context"
	"image"
	"slices"
	"sync"
	"testing"
	"time"
)

func TestRenderProducesEverySpec(t *testing.T) {
	st, names := seedStore(t, 6, 36, 24)
	p := New(st, WithWorkers(4), WithSpecs(Spec{"sm", 12}, Spec{"md", 24}))
	results, err := p.Render(context.Background(), names)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(names) {
		t.Fatalf("got %d results", len(results))
	}
	for i, r := range results {
		if r.Err != nil || r.Source != names[i] || len(r.Thumbs) != 2 {
			t.Fatalf("result %d = %+v", i, r)
		}
		if got := r.Thumbs[0].Image.Rect.Size(); got != image.Pt(12, 8) {
			t.Errorf("%s sm size = %v", r.Source, got)
		}
		if got := r.Thumbs[1].Image.Rect.Size(); got != image.Pt(24, 16) {
			t.Errorf("%s md size = %v", r.Source, got)
		}
	}
	keys, _ := st.List(ThumbPrefix)
	if len(keys) != 12 {
		t.Fatalf("stored %d thumbnails, want 12", len(keys))
	}
	if s := p.Stats(); s.Loaded != 6 || s.Saved != 12 {
		t.Fatalf("stats = %+v", s)
	}
}

func TestRebuildReportsProgress(t *testing.T) {
	mem, _ := seedStore(t, 6, 64, 48)
	var (
		mu    sync.Mutex
		calls [][2]int
	)
	p := New(slowStore{Store: mem, delay: 5 * time.Millisecond},
		WithSpecs(Spec{"sm", 32}),
		WithProgress(time.Millisecond, func(done, total int) {
			mu.Lock()
			calls = append(calls, [2]int{done, total})
			mu.Unlock()
		}))
	n, err := p.Rebuild(context.Background())
	if err != nil || n != 6 {
		t.Fatalf("Rebuild = %d, %v", n, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(calls) == 0 || calls[len(calls)-1] != [2]int{6, 6} {
		t.Fatalf("progress calls = %v", calls)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i][0] < calls[i-1][0] {
			t.Fatalf("progress went backwards: %v", calls)
		}
	}
}

func TestPublishRecordsManifest(t *testing.T) {
	st, names := seedStore(t, 3, 80, 60)
	p := New(st, WithWorkers(1), WithSpecs(Spec{"sm", 32}))
	results, err := p.Render(context.Background(), names)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Publish(context.Background(), results); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for p.Manifest() == "" {
		if time.Now().After(deadline) {
			t.Fatal("manifest never published")
		}
		time.Sleep(time.Millisecond)
	}
	data, err := st.Get(p.Manifest())
	if err != nil {
		t.Fatal(err)
	}
	m, err := DecodeManifest(data)
	if err != nil {
		t.Fatal(err)
	}
	if m.Count() != 3 {
		t.Fatalf("manifest lists %d thumbnails", m.Count())
	}
}

func TestPlanReadsHeadersOnly(t *testing.T) {
	st, names := seedStore(t, 5, 400, 100)
	p := New(st, WithWorkers(3), WithSpecs(Spec{"sm", 100}, Spec{"lg", 1000}))
	plans, err := p.Plan(context.Background(), names)
	if err != nil {
		t.Fatal(err)
	}
	for i, pl := range plans {
		if pl.Name != names[i] || pl.Source != image.Pt(400, 100) {
			t.Fatalf("plan %d = %+v", i, pl)
		}
		if !slices.Equal(pl.Sizes, []image.Point{{100, 25}, {400, 100}}) {
			t.Fatalf("plan %d sizes = %v", i, pl.Sizes)
		}
	}
	if got := p.PlannedPixels(); got != 5*(100*25+400*100) {
		t.Fatalf("PlannedPixels = %d", got)
	}
	if _, err := p.Plan(context.Background(), []string{"missing.png"}); err == nil {
		t.Fatal("missing photo planned")
	}
	if keys, _ := st.List(ThumbPrefix); len(keys) != 0 {
		t.Fatalf("Plan wrote thumbnails: %v", keys)
	}
}

func TestExportContactSheet(t *testing.T) {
	st, names := seedStore(t, 5, 90, 60)
	flaky := &flakyStore{MemStore: st}
	p := New(flaky, WithWorkers(1), WithSpecs(Spec{"sm", 40}, Spec{"md", 80}))
	results, err := p.Render(context.Background(), names)
	if err != nil {
		t.Fatal(err)
	}
	flaky.fails = 1
	if err := <-p.Export(context.Background(), results, SheetOptions{Columns: 3, Cell: 48, Gap: 2}); err != nil {
		t.Fatal(err)
	}
	key := p.Sheet()
	data, err := st.Get(key)
	if err != nil {
		t.Fatalf("sheet %q: %v", key, err)
	}
	ph, err := decodePhoto(key, data)
	if err != nil {
		t.Fatal(err)
	}
	if got := ph.Image.Bounds().Size(); got != image.Pt(3*50+2, 2*50+2) {
		t.Fatalf("sheet size = %v", got)
	}
	if err := <-p.Export(context.Background(), nil, SheetOptions{}); err == nil {
		t.Fatal("empty sheet exported")
	}
}

func TestRenderFailsOnMissingPhoto(t *testing.T) {
	st, names := seedStore(t, 2, 50, 50)
	p := New(st, WithWorkers(2))
	if _, err := p.Render(context.Background(), append(names, "nope.png")); err == nil {
		t.Fatal("missing photo not reported")
	}
	if keys, _ := st.List(ThumbPrefix); len(keys) != 0 {
		t.Fatalf("thumbnails written despite load failure: %v", keys)
	}
}
