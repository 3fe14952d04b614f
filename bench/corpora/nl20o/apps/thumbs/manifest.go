package thumbs

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Manifest lists the thumbnails produced by one run so that a CDN front end
// can serve them without listing the store.
type Manifest struct {
	Created time.Time       `json:"created"`
	Photos  []ManifestPhoto `json:"photos"`
}

// ManifestPhoto describes the thumbnails of one photo.
type ManifestPhoto struct {
	Name   string          `json:"name"`
	Thumbs []ManifestThumb `json:"thumbs"`
}

// ManifestThumb describes one stored thumbnail.
type ManifestThumb struct {
	Key    string `json:"key"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Sum    string `json:"sum"`
}

// NewManifest builds a manifest for the successful results, sorted by photo
// name.
func NewManifest(results []Result, created time.Time) *Manifest {
	m := &Manifest{Created: created.UTC()}
	for _, r := range results {
		if r.Err != nil || len(r.Thumbs) == 0 {
			continue
		}
		mp := ManifestPhoto{Name: r.Source}
		for _, t := range r.Thumbs {
			b := t.Image.Bounds()
			mp.Thumbs = append(mp.Thumbs, ManifestThumb{
				Key:    t.Key(),
				Width:  b.Dx(),
				Height: b.Dy(),
				Sum:    fmt.Sprintf("%016x", t.Sum),
			})
		}
		m.Photos = append(m.Photos, mp)
	}
	slices.SortFunc(m.Photos, func(a, b ManifestPhoto) int { return strings.Compare(a.Name, b.Name) })
	return m
}

// Key returns the store key for the manifest, derived from its creation
// time so that keys sort chronologically.
func (m *Manifest) Key() string {
	return ManifestPrefix + m.Created.Format("20060102T150405.000000000") + ".json"
}

// Encode returns the JSON form of the manifest.
func (m *Manifest) Encode() ([]byte, error) {
	return json.MarshalIndent(m, "", "  ")
}

// DecodeManifest parses a manifest produced by Encode.
func DecodeManifest(data []byte) (*Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("thumbs: decode manifest: %w", err)
	}
	return &m, nil
}

// Count returns the number of thumbnails listed.
func (m *Manifest) Count() int {
	n := 0
	for _, p := range m.Photos {
		n += len(p.Thumbs)
	}
	return n
}
