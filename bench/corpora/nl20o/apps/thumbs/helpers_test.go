package thumbs

import (
	"fmt"
	"image"
	"image/color"
	"testing"
	"time"
)

// gradient returns a w×h test image whose colours depend on seed.
func gradient(w, h int, seed uint8) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{
				R: uint8(x*255/max(w-1, 1)) ^ seed,
				G: uint8(y * 255 / max(h-1, 1)),
				B: seed,
				A: 255,
			})
		}
	}
	return img
}

// seedStore puts n encoded photos of size w×h into a new MemStore.
func seedStore(t *testing.T, n, w, h int) (*MemStore, []string) {
	t.Helper()
	st := NewMemStore()
	names := make([]string, n)
	for i := range n {
		names[i] = fmt.Sprintf("IMG_%04d.png", i+1)
		data, err := EncodePhoto(gradient(w, h, uint8(i*37)))
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Put(PhotoPrefix+names[i], data); err != nil {
			t.Fatal(err)
		}
	}
	return st, names
}

// slowStore delays every read, like a store behind a network.
type slowStore struct {
	Store
	delay time.Duration
}

func (s slowStore) Get(key string) ([]byte, error) {
	time.Sleep(s.delay)
	return s.Store.Get(key)
}

// flakyStore fails the first fails writes.
type flakyStore struct {
	*MemStore
	fails int
}

func (s *flakyStore) Put(key string, data []byte) error {
	if s.fails > 0 {
		s.fails--
		return fmt.Errorf("store unavailable")
	}
	return s.MemStore.Put(key, data)
}
