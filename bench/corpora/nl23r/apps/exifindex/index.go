package exifindex

import (
	"math"
	"slices"
	"sort"
	"strings"
	"time"
)

// Stats summarises the contents of an Index.
type Stats struct {
	Photos    int
	Cameras   int
	TopCamera string
	Earliest  time.Time
	Latest    time.Time
}

// CameraCount is the number of photos taken with one camera.
type CameraCount struct {
	Camera string
	Photos int
}

// Index stores photo metadata and answers queries over it.
type Index struct {
	photos   []Meta
	byCamera map[string][]int
	byPath   map[string]int
	stats    Stats
}

// NewIndex returns an empty index.
func NewIndex() *Index {
	return &Index{byCamera: make(map[string][]int), byPath: make(map[string]int)}
}

// Add inserts or replaces the metadata of one photo.
func (ix *Index) Add(m Meta) {
	if i, ok := ix.byPath[m.Path]; ok {
		ix.removeCamera(ix.photos[i].Camera(), i)
		ix.photos[i] = m
		ix.byCamera[m.Camera()] = append(ix.byCamera[m.Camera()], i)
		return
	}
	i := len(ix.photos)
	ix.photos = append(ix.photos, m)
	ix.byPath[m.Path] = i
	ix.byCamera[m.Camera()] = append(ix.byCamera[m.Camera()], i)
}

func (ix *Index) removeCamera(cam string, i int) {
	ids := ix.byCamera[cam]
	if j := slices.Index(ids, i); j >= 0 {
		ix.byCamera[cam] = slices.Delete(ids, j, j+1)
	}
	if len(ix.byCamera[cam]) == 0 {
		delete(ix.byCamera, cam)
	}
}

// Len reports the number of photos in the index.
func (ix *Index) Len() int { return len(ix.photos) }

// Lookup returns the metadata stored for path.
func (ix *Index) Lookup(path string) (Meta, bool) {
	i, ok := ix.byPath[path]
	if !ok {
		return Meta{}, false
	}
	return ix.photos[i], true
}

// ByCamera returns the photos taken with the given camera, oldest first.
func (ix *Index) ByCamera(camera string) []Meta {
	var out []Meta
	for _, i := range ix.byCamera[camera] {
		out = append(out, ix.photos[i])
	}
	sortByTime(out)
	return out
}

// Between returns the photos taken in [from, to), oldest first.
func (ix *Index) Between(from, to time.Time) []Meta {
	var out []Meta
	for _, m := range ix.photos {
		if !m.Taken.Before(from) && m.Taken.Before(to) {
			out = append(out, m)
		}
	}
	sortByTime(out)
	return out
}

// Near returns the geotagged photos within km kilometres of lat/lon.
func (ix *Index) Near(lat, lon, km float64) []Meta {
	var out []Meta
	for _, m := range ix.photos {
		if m.HasGPS && haversine(lat, lon, m.Lat, m.Lon) <= km {
			out = append(out, m)
		}
	}
	return out
}

// Cameras lists the cameras in the index by descending photo count.
func (ix *Index) Cameras() []CameraCount {
	out := make([]CameraCount, 0, len(ix.byCamera))
	for cam, ids := range ix.byCamera {
		out = append(out, CameraCount{Camera: cam, Photos: len(ids)})
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].Photos != out[b].Photos {
			return out[a].Photos > out[b].Photos
		}
		return strings.Compare(out[a].Camera, out[b].Camera) < 0
	})
	return out
}

// ComputeStats summarises the index.
func (ix *Index) ComputeStats() Stats {
	st := Stats{Photos: len(ix.photos), Cameras: len(ix.byCamera)}
	if cams := ix.Cameras(); len(cams) > 0 {
		st.TopCamera = cams[0].Camera
	}
	for _, m := range ix.photos {
		if m.Taken.IsZero() {
			continue
		}
		if st.Earliest.IsZero() || m.Taken.Before(st.Earliest) {
			st.Earliest = m.Taken
		}
		if m.Taken.After(st.Latest) {
			st.Latest = m.Taken
		}
	}
	return st
}

// RefreshStats recomputes the cached statistics in the background.
func (ix *Index) RefreshStats() {
	go ix.storeStats()
}

func (ix *Index) storeStats() {
	st := ix.ComputeStats()
	ix.stats = st // RACY
}

// RefreshStatsAsync recomputes the statistics on a new goroutine and
// delivers them on the returned channel.
func (ix *Index) RefreshStatsAsync() <-chan Stats {
	ch := make(chan Stats, 1)
	go func() { ch <- ix.ComputeStats() }()
	return ch
}

// SetStats stores statistics computed elsewhere.
func (ix *Index) SetStats(st Stats) { ix.stats = st }

// Stats returns the cached statistics.
func (ix *Index) Stats() Stats { return ix.stats }

func sortByTime(ms []Meta) {
	slices.SortStableFunc(ms, func(a, b Meta) int { return a.Taken.Compare(b.Taken) })
}

// haversine returns the great-circle distance in kilometres.
func haversine(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371.0
	rad := math.Pi / 180
	dLat := (lat2 - lat1) * rad
	dLon := (lon2 - lon1) * rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}
