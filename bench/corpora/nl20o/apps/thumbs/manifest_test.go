package thumbs

import (
	"testing"
	"time"
)

func TestManifestRoundTrip(t *testing.T) {
	img := gradient(40, 20, 3)
	results := []Result{
		{Source: "b.png", Thumbs: []Thumbnail{{Source: "b.png", Spec: Spec{"sm", 16}, Image: img, Sum: 42}}},
		{Source: "a.png", Thumbs: []Thumbnail{{Source: "a.png", Spec: Spec{"sm", 16}, Image: img, Sum: 7}}},
		{Source: "broken.png", Err: errEmptyImage},
	}
	created := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	m := NewManifest(results, created)
	if m.Count() != 2 || m.Photos[0].Name != "a.png" {
		t.Fatalf("manifest = %+v", m)
	}
	if got, want := m.Key(), "manifests/20240501T120000.000000000.json"; got != want {
		t.Fatalf("Key = %q, want %q", got, want)
	}
	data, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeManifest(data)
	if err != nil {
		t.Fatal(err)
	}
	if back.Photos[1].Thumbs[0].Key != "thumbs/b_sm.png" || back.Photos[1].Thumbs[0].Sum != "000000000000002a" {
		t.Fatalf("decoded = %+v", back.Photos[1])
	}
	if _, err := DecodeManifest([]byte("{")); err == nil {
		t.Fatal("bad JSON accepted")
	}
}
