package towerdef

import (
	"math"
	"testing"
)

func TestParseLevel(t *testing.T) {
	l, err := ParseLevel(DefaultLevel)
	if err != nil {
		t.Fatal(err)
	}
	if l.W != 20 || l.H != 8 || len(l.Path) != 6 {
		t.Fatalf("level %dx%d with %d waypoints", l.W, l.H, len(l.Path))
	}
	if got := l.PathLength(); math.Abs(got-38*TileSize) > 1e-9 {
		t.Errorf("path length = %v", got)
	}
	if l.Buildable(5, 0) || l.Buildable(1, 2) || !l.Buildable(2, 1) || l.Buildable(-1, 0) {
		t.Error("buildable tiles wrong")
	}
	if _, err := ParseLevel("0..\n...."); err == nil {
		t.Error("ragged level accepted")
	}
	if _, err := ParseLevel("0..."); err == nil {
		t.Error("level with one waypoint accepted")
	}
}

func TestEnemyWalksThePath(t *testing.T) {
	l, _ := ParseLevel(DefaultLevel)
	e := newEnemy(0, l.Path, 1)
	ticks := 0
	for !e.advance(l.Path) {
		ticks++
		if ticks > 5000 {
			t.Fatal("enemy never arrived")
		}
	}
	if e.Pos != l.Path[len(l.Path)-1] || math.Abs(e.walked-l.PathLength()) > 1e-6 {
		t.Errorf("pos %v walked %v", e.Pos, e.walked)
	}
}
