package metrics

import (
	"strings"
	"sync"
	"testing"
)

func TestConcurrentAdds(t *testing.T) {
	r := NewRegistry("x_")
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				r.Inc("hits")
			}
		}()
	}
	wg.Wait()
	if got := r.Counter("hits"); got != 400 {
		t.Fatalf("hits = %d", got)
	}
}

func TestWriteText(t *testing.T) {
	r := NewRegistry("gs_")
	r.Add("frames", 3)
	r.Set("snr_db", 12.5)
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := "gs_frames 3\ngs_snr_db 12.5\n"
	if b.String() != want {
		t.Fatalf("got %q, want %q", b.String(), want)
	}
}
