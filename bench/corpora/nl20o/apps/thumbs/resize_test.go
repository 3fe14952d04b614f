package thumbs

import (
	"image"
	"image/color"
	"image/draw"
	"testing"
)

func TestFit(t *testing.T) {
	tests := []struct {
		w, h, edge   int
		wantW, wantH int
	}{
		{4000, 3000, 128, 128, 96},
		{3000, 4000, 128, 96, 128},
		{100, 50, 128, 100, 50},
		{1000, 1, 100, 100, 1},
		{500, 500, 0, 500, 500},
		{0, 10, 128, 0, 0},
	}
	for _, tc := range tests {
		w, h := fit(tc.w, tc.h, tc.edge)
		if w != tc.wantW || h != tc.wantH {
			t.Errorf("fit(%d, %d, %d) = %d×%d, want %d×%d", tc.w, tc.h, tc.edge, w, h, tc.wantW, tc.wantH)
		}
	}
}

func TestDownscaleKeepsUniformColour(t *testing.T) {
	src := image.NewNRGBA(image.Rect(10, 10, 110, 60))
	fill := color.NRGBA{R: 200, G: 100, B: 50, A: 255}
	draw.Draw(src, src.Bounds(), image.NewUniform(fill), image.Point{}, draw.Src)
	dst := downscale(src, 20, 10)
	if dst.Rect.Dx() != 20 || dst.Rect.Dy() != 10 {
		t.Fatalf("size = %v", dst.Rect)
	}
	for y := range 10 {
		for x := range 20 {
			if got := dst.RGBAAt(x, y); got != (color.RGBA{200, 100, 50, 255}) {
				t.Fatalf("pixel (%d,%d) = %v", x, y, got)
			}
		}
	}
}

func TestDownscaleAverages(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 2, 1))
	src.SetRGBA(0, 0, color.RGBA{0, 0, 0, 255})
	src.SetRGBA(1, 0, color.RGBA{200, 100, 50, 255})
	got := downscale(src, 1, 1).RGBAAt(0, 0)
	if got != (color.RGBA{100, 50, 25, 255}) {
		t.Fatalf("average = %v", got)
	}
}

func TestChecksumDependsOnPixels(t *testing.T) {
	a := gradient(16, 16, 1)
	b := gradient(16, 16, 2)
	if checksum(a) == checksum(b) {
		t.Fatal("different images share a checksum")
	}
	if checksum(a) != checksum(gradient(16, 16, 1)) {
		t.Fatal("checksum is not stable")
	}
}
