package geo

import (
	"math"
	"testing"
)

func TestDistanceAndOffset(t *testing.T) {
	a := Fix{Lat: 52.52, Lon: 13.405}
	b := Offset(a, 1000, 0)
	if d := Distance(a, b); math.Abs(d-1000) > 0.5 {
		t.Errorf("north 1km = %.2f m", d)
	}
	c := Offset(a, 0, 500)
	if d := Distance(a, c); math.Abs(d-500) > 0.5 {
		t.Errorf("east 500m = %.2f m", d)
	}
	if br := Bearing(a, c); math.Abs(br-90) > 0.1 || Compass(br) != "E" {
		t.Errorf("bearing = %.2f", br)
	}
	if Compass(350) != "N" || Compass(200) != "S" {
		t.Error("compass names")
	}
}
