// Package towerdef is a small tower defense game for Ebitengine: enemies
// walk a fixed path, the player builds towers next to it between and during
// waves.
package towerdef

import (
	"errors"
	"math"
	"strings"
)

// TileSize is the size of one map tile in pixels.
const TileSize = 32

// Point is a position in pixels.
type Point struct{ X, Y float64 }

// Dist is the distance between two points.
func (p Point) Dist(q Point) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }

func tileCenter(tx, ty int) Point {
	return Point{X: float64(tx*TileSize + TileSize/2), Y: float64(ty*TileSize + TileSize/2)}
}

// Level is a map: '.' is buildable ground, '#' is rock, digits mark the
// path's waypoints in walking order and '=' the rest of the path.
type Level struct {
	W, H     int
	grid     [][]byte
	Path     []Point
	occupied map[[2]int]bool
}

// ParseLevel reads a map.
func ParseLevel(src string) (*Level, error) {
	rows := strings.Fields(src)
	if len(rows) == 0 {
		return nil, errors.New("towerdef: empty level")
	}
	l := &Level{W: len(rows[0]), H: len(rows), occupied: make(map[[2]int]bool)}
	type wp struct {
		n    int
		x, y int
	}
	var wps []wp
	for y, row := range rows {
		if len(row) != l.W {
			return nil, errors.New("towerdef: ragged level")
		}
		l.grid = append(l.grid, []byte(row))
		for x := 0; x < len(row); x++ {
			if c := row[x]; c >= '0' && c <= '9' {
				wps = append(wps, wp{n: int(c - '0'), x: x, y: y})
			}
		}
	}
	if len(wps) < 2 {
		return nil, errors.New("towerdef: level needs at least two waypoints")
	}
	for i := range wps {
		for j := i + 1; j < len(wps); j++ {
			if wps[j].n < wps[i].n {
				wps[i], wps[j] = wps[j], wps[i]
			}
		}
	}
	for _, w := range wps {
		l.Path = append(l.Path, tileCenter(w.x, w.y))
	}
	return l, nil
}

// DefaultLevel is the first map.
const DefaultLevel = `
0==========1........
...........=........
.#.........=....#...
...........=........
.....3=====2........
.....=..............
.....=.........#....
.....4=============5
`

func (l *Level) at(tx, ty int) byte {
	if tx < 0 || ty < 0 || ty >= l.H || tx >= len(l.grid[ty]) {
		return '#'
	}
	return l.grid[ty][tx]
}

// Buildable reports whether a tower may go on tile (tx, ty).
func (l *Level) Buildable(tx, ty int) bool {
	return l.at(tx, ty) == '.' && !l.occupied[[2]int{tx, ty}]
}

// PathLength is the walking distance from the first to the last waypoint.
func (l *Level) PathLength() float64 {
	d := 0.0
	for i := 1; i < len(l.Path); i++ {
		d += l.Path[i-1].Dist(l.Path[i])
	}
	return d
}
