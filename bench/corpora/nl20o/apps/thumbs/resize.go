package thumbs

import (
	"encoding/binary"
	"hash/fnv"
	"image"
	"image/draw"
)

// fit returns the largest size with the aspect ratio of w×h whose longer edge
// is at most maxEdge. Images that already fit are returned unchanged.
func fit(w, h, maxEdge int) (int, int) {
	if w <= 0 || h <= 0 {
		return 0, 0
	}
	if maxEdge <= 0 || (w <= maxEdge && h <= maxEdge) {
		return w, h
	}
	if w >= h {
		nh := (h*maxEdge + w/2) / w
		return maxEdge, max(nh, 1)
	}
	nw := (w*maxEdge + h/2) / h
	return max(nw, 1), maxEdge
}

// toRGBA returns src as an *image.RGBA with its origin at (0, 0).
func toRGBA(src image.Image) *image.RGBA {
	b := src.Bounds()
	if rgba, ok := src.(*image.RGBA); ok && b.Min == (image.Point{}) {
		return rgba
	}
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Bounds(), src, b.Min, draw.Src)
	return dst
}

// downscale resamples src to w×h with a box filter: every destination pixel
// is the average of the source pixels it covers.
func downscale(src image.Image, w, h int) *image.RGBA {
	s := toRGBA(src)
	sw, sh := s.Rect.Dx(), s.Rect.Dy()
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		y0, y1 := span(y, h, sh)
		for x := range w {
			x0, x1 := span(x, w, sw)
			var r, g, b, a, n uint32
			for sy := y0; sy < y1; sy++ {
				row := s.Pix[sy*s.Stride:]
				for sx := x0; sx < x1; sx++ {
					p := row[sx*4 : sx*4+4]
					r += uint32(p[0])
					g += uint32(p[1])
					b += uint32(p[2])
					a += uint32(p[3])
					n++
				}
			}
			d := dst.Pix[y*dst.Stride+x*4:]
			d[0] = uint8(r / n)
			d[1] = uint8(g / n)
			d[2] = uint8(b / n)
			d[3] = uint8(a / n)
		}
	}
	return dst
}

// span maps destination index i of n onto the half-open source range it
// covers in a source of size m. The range is never empty.
func span(i, n, m int) (int, int) {
	lo := i * m / n
	hi := (i + 1) * m / n
	if hi <= lo {
		hi = lo + 1
	}
	return lo, hi
}

// checksum returns an FNV-1a hash of the image size and pixels.
func checksum(img *image.RGBA) uint64 {
	h := fnv.New64a()
	var dims [8]byte
	binary.LittleEndian.PutUint32(dims[:4], uint32(img.Rect.Dx()))
	binary.LittleEndian.PutUint32(dims[4:], uint32(img.Rect.Dy()))
	h.Write(dims[:])
	h.Write(img.Pix)
	return h.Sum64()
}
