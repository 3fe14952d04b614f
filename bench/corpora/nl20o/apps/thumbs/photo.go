// Package thumbs renders thumbnails for photos kept in an object store.
package thumbs

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"path"
	"strings"
)

// Key prefixes used in the Store.
const (
	PhotoPrefix    = "photos/"
	ThumbPrefix    = "thumbs/"
	ManifestPrefix = "manifests/"
	SheetPrefix    = "sheets/"
)

var errEmptyImage = errors.New("thumbs: empty image")

// Photo is a decoded source image.
type Photo struct {
	Name  string
	Image image.Image
}

// Spec describes one thumbnail variant, for example "sm" at 128 pixels.
type Spec struct {
	Suffix  string
	MaxEdge int
}

// DefaultSpecs are used when no WithSpecs option is given.
var DefaultSpecs = []Spec{{Suffix: "sm", MaxEdge: 128}, {Suffix: "md", MaxEdge: 512}}

// Thumbnail is one rendered variant of a photo.
type Thumbnail struct {
	Source string
	Spec   Spec
	Image  *image.RGBA
	Sum    uint64
}

// Key returns the store key the thumbnail is saved under.
func (t Thumbnail) Key() string {
	return ThumbKey(t.Source, t.Spec)
}

// ThumbKey returns the store key for the thumbnail of photo name in spec.
func ThumbKey(name string, spec Spec) string {
	base := strings.TrimSuffix(name, path.Ext(name))
	return fmt.Sprintf("%s%s_%s.png", ThumbPrefix, base, spec.Suffix)
}

// Result groups the thumbnails rendered for one photo.
type Result struct {
	Source string
	Thumbs []Thumbnail
	Err    error
}

// EncodePhoto encodes img as PNG for storage under PhotoPrefix.
func EncodePhoto(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func decodePhoto(name string, data []byte) (Photo, error) {
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return Photo{}, fmt.Errorf("thumbs: decode %s: %w", name, err)
	}
	if img.Bounds().Empty() {
		return Photo{}, fmt.Errorf("thumbs: %s: %w", name, errEmptyImage)
	}
	return Photo{Name: name, Image: img}, nil
}
