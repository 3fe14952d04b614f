package dispatch

import (
	"testing"
	"time"
)

var (
	centralStation = Point{Lat: 52.5251, Lng: 13.3694}
	alexanderplatz = Point{Lat: 52.5219, Lng: 13.4132}
	tiergarten     = Point{Lat: 52.5145, Lng: 13.3501}
	potsdam        = Point{Lat: 52.3906, Lng: 13.0645}
)

func newTestDispatcher(t *testing.T, opts ...Option) *Dispatcher {
	t.Helper()
	base := []Option{WithRematchEvery(0), WithOfferTimeout(time.Minute), WithDeclineCooldown(time.Minute)}
	d := New(append(base, opts...)...)
	d.Start()
	t.Cleanup(d.Close)
	return d
}

func onlineDriver(t *testing.T, d *Dispatcher, id string, class VehicleClass, at Point) {
	t.Helper()
	if err := d.RegisterDriver(id, "Driver "+id, class); err != nil {
		t.Fatalf("register %s: %v", id, err)
	}
	if err := d.GoOnline(id, at); err != nil {
		t.Fatalf("online %s: %v", id, err)
	}
}

func requestFrom(t *testing.T, d *Dispatcher, rider string, from, to Point) *Ride {
	t.Helper()
	r, err := d.RequestRide(RideRequest{Rider: rider, Pickup: from, Dropoff: to})
	if err != nil {
		t.Fatalf("request ride: %v", err)
	}
	return r
}

func rideView(t *testing.T, d *Dispatcher, id string) RideView {
	t.Helper()
	v, err := d.Ride(id)
	if err != nil {
		t.Fatalf("ride %s: %v", id, err)
	}
	return v
}

func waitFor(t *testing.T, timeout time.Duration, cond func() bool) bool {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(time.Millisecond)
	}
	return cond()
}
