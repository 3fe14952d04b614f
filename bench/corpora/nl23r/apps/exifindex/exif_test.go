package exifindex

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

func photo(mk, model string, taken time.Time, iso int, lat, lon float64) []byte {
	return fmt.Appendf(nil, "EXIF\nMake: %s\nModel: %s\nDateTimeOriginal: %s\nISOSpeedRatings: %d\n"+
		"PixelXDimension: 6000\nPixelYDimension: 4000\nGPSLatitude: %.4f N\nGPSLongitude: %.4f E\n\n<jpeg data>",
		mk, model, taken.Format(exifLayout), iso, lat, lon)
}

var day = time.Date(2023, 6, 1, 9, 0, 0, 0, time.UTC)

func fixture() MemSource {
	return MemSource{
		"a.jpg":    photo("Canon", "Canon EOS R6", day, 100, 52.37, 4.89),
		"b.jpg":    photo("Canon", "Canon EOS R6", day.Add(time.Hour), 400, 52.36, 4.90),
		"c.jpg":    photo("FUJIFILM", "X-T4", day.Add(2*time.Hour), 800, 48.85, 2.35),
		"d.jpg":    photo("Apple", "iPhone 14", day.Add(3*time.Hour), 50, 51.50, 0.12),
		"bad1.jpg": []byte("JFIF without exif"),
		"bad2.jpg": []byte("EXIF\nISOSpeedRatings: high\n"),
		"bad3.jpg": []byte("EXIF\nDateTimeOriginal: yesterday\n"),
		"bad4.jpg": []byte("EXIF\nGPSLatitude: 52.1\n"),
	}
}

func TestParseMeta(t *testing.T) {
	m, err := ParseMeta("a.jpg", fixture()["a.jpg"], time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	if m.Camera() != "Canon EOS R6" || !m.Taken.Equal(day) || m.ISO != 100 || !m.HasGPS {
		t.Fatalf("unexpected meta %+v", m)
	}
	if mp := m.Megapixels(); mp != 24 {
		t.Fatalf("megapixels = %v", mp)
	}
}

func TestParseMetaErrors(t *testing.T) {
	src := fixture()
	if _, err := ParseMeta("bad1.jpg", src["bad1.jpg"], time.UTC); !errors.Is(err, ErrNoExif) {
		t.Fatalf("bad1: %v", err)
	}
	for _, p := range []string{"bad2.jpg", "bad3.jpg", "bad4.jpg"} {
		if _, err := ParseMeta(p, src[p], time.UTC); !errors.Is(err, ErrBadTag) {
			t.Fatalf("%s: %v", p, err)
		}
	}
}

func TestIndexQueries(t *testing.T) {
	src := fixture()
	ix := NewIndex()
	for _, p := range []string{"a.jpg", "b.jpg", "c.jpg", "d.jpg"} {
		m, err := ParseMeta(p, src[p], time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		ix.Add(m)
	}
	if got := len(ix.ByCamera("Canon EOS R6")); got != 2 {
		t.Fatalf("ByCamera = %d", got)
	}
	if got := len(ix.Between(day, day.Add(90*time.Minute))); got != 2 {
		t.Fatalf("Between = %d", got)
	}
	if got := len(ix.Near(52.37, 4.89, 5)); got != 2 {
		t.Fatalf("Near = %d", got)
	}
	st := ix.ComputeStats()
	if st.Photos != 4 || st.Cameras != 3 || st.TopCamera != "Canon EOS R6" || !st.Latest.Equal(day.Add(3*time.Hour)) {
		t.Fatalf("stats = %+v", st)
	}
}
