package dispatch

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

const earthRadiusKm = 6371.0

// Point is a WGS84 coordinate in degrees.
type Point struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// Valid reports whether p is a plausible coordinate.
func (p Point) Valid() bool {
	return p.Lat >= -90 && p.Lat <= 90 && p.Lng >= -180 && p.Lng <= 180
}

func (p Point) String() string {
	return fmt.Sprintf("%.5f,%.5f", p.Lat, p.Lng)
}

// Fix is a position report.
type Fix struct {
	Point
	At time.Time
}

// ParsePoint parses "lat,lng".
func ParsePoint(s string) (Point, error) {
	latStr, lngStr, ok := strings.Cut(s, ",")
	if !ok {
		return Point{}, fmt.Errorf("point %q: want lat,lng", s)
	}
	lat, err := strconv.ParseFloat(strings.TrimSpace(latStr), 64)
	if err != nil {
		return Point{}, fmt.Errorf("point %q: %w", s, err)
	}
	lng, err := strconv.ParseFloat(strings.TrimSpace(lngStr), 64)
	if err != nil {
		return Point{}, fmt.Errorf("point %q: %w", s, err)
	}
	p := Point{Lat: lat, Lng: lng}
	if !p.Valid() {
		return Point{}, fmt.Errorf("point %q out of range", s)
	}
	return p, nil
}

// DistanceKm returns the great-circle distance between a and b.
func DistanceKm(a, b Point) float64 {
	rad := func(d float64) float64 { return d * math.Pi / 180 }
	dLat := rad(b.Lat - a.Lat)
	dLng := rad(b.Lng - a.Lng)
	h := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(rad(a.Lat))*math.Cos(rad(b.Lat))*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * earthRadiusKm * math.Asin(math.Min(1, math.Sqrt(h)))
}

// TravelTime estimates driving time over the great-circle distance, padded
// for road network detours.
func TravelTime(a, b Point, speedKmh float64) time.Duration {
	if speedKmh <= 0 {
		speedKmh = 25
	}
	const detour = 1.3
	hours := DistanceKm(a, b) * detour / speedKmh
	return time.Duration(hours * float64(time.Hour))
}

// zoneOf buckets a point into a surge zone roughly 1km across.
func zoneOf(p Point) string {
	return fmt.Sprintf("%.2f:%.2f", math.Floor(p.Lat*100)/100, math.Floor(p.Lng*100)/100)
}
