// Package geo has the small amount of spherical geometry a bike computer
// needs.
package geo

import (
	"math"
	"time"
)

// EarthRadius is the mean earth radius in metres.
const EarthRadius = 6371008.8

// Fix is one GPS fix.
type Fix struct {
	Lat, Lon float64 // degrees
	Ele      float64 // metres
	At       time.Time
	HDOP     float64
}

// Distance is the great-circle distance between a and b in metres.
func Distance(a, b Fix) float64 {
	φ1, φ2 := rad(a.Lat), rad(b.Lat)
	dφ := φ2 - φ1
	dλ := rad(b.Lon - a.Lon)
	h := math.Sin(dφ/2)*math.Sin(dφ/2) + math.Cos(φ1)*math.Cos(φ2)*math.Sin(dλ/2)*math.Sin(dλ/2)
	return 2 * EarthRadius * math.Asin(math.Min(1, math.Sqrt(h)))
}

// Bearing is the initial compass bearing from a to b in degrees.
func Bearing(a, b Fix) float64 {
	φ1, φ2 := rad(a.Lat), rad(b.Lat)
	dλ := rad(b.Lon - a.Lon)
	y := math.Sin(dλ) * math.Cos(φ2)
	x := math.Cos(φ1)*math.Sin(φ2) - math.Sin(φ1)*math.Cos(φ2)*math.Cos(dλ)
	return math.Mod(deg(math.Atan2(y, x))+360, 360)
}

// Offset moves f by the given metres north and east.
func Offset(f Fix, north, east float64) Fix {
	f.Lat += deg(north / EarthRadius)
	f.Lon += deg(east / (EarthRadius * math.Cos(rad(f.Lat))))
	return f
}

// Climb is the positive elevation change from a to b.
func Climb(a, b Fix) float64 {
	return math.Max(0, b.Ele-a.Ele)
}

// Compass names a bearing.
func Compass(bearing float64) string {
	names := [...]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
	i := int(math.Mod(bearing+22.5, 360) / 45)
	return names[i]
}

func rad(d float64) float64 { return d * math.Pi / 180 }
func deg(r float64) float64 { return r * 180 / math.Pi }
