package dispatch

import (
	"errors"
	"sync"
	"testing"
	"time"

	"example.com/corpus/trial-sh20o/internal/notify"
)

func TestRequestRideOffersNearestDriver(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "far", Standard, alexanderplatz)
	onlineDriver(t, d, "near", Standard, tiergarten)

	ride := requestFrom(t, d, "ana", centralStation, alexanderplatz)
	if err := d.Accept("near", ride.ID); err != nil {
		t.Fatalf("nearest driver could not accept: %v", err)
	}
	if err := d.Accept("far", ride.ID); !errors.Is(err, ErrNoOffer) {
		t.Fatalf("far driver accept: %v", err)
	}
	v := rideView(t, d, ride.ID)
	if v.Status != "assigned" || v.DriverID != "near" {
		t.Fatalf("view = %+v", v)
	}
}

func TestClassIsRespected(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "small", Standard, tiergarten)
	onlineDriver(t, d, "big", XL, alexanderplatz)

	r, err := d.RequestRide(RideRequest{Rider: "bo", Pickup: centralStation, Dropoff: potsdam, Class: "xl"})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Accept("big", r.ID); err != nil {
		t.Fatalf("xl driver: %v", err)
	}
}

func TestOutOfRangeDriverIsNotOffered(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "potsdam", Standard, potsdam)
	r := requestFrom(t, d, "cy", centralStation, alexanderplatz)
	if v := rideView(t, d, r.ID); v.Status != "waiting" {
		t.Fatalf("status = %s", v.Status)
	}
	if n, _ := d.Waiting(); n != 1 {
		t.Fatalf("waiting = %d", n)
	}
}

func TestCompleteReturnsFare(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "d1", Standard, tiergarten)
	r := requestFrom(t, d, "dee", centralStation, potsdam)
	if err := d.Accept("d1", r.ID); err != nil {
		t.Fatal(err)
	}
	fare, err := d.Complete("d1")
	if err != nil {
		t.Fatal(err)
	}
	if fare.Amount < d.Config().Pricing.MinimumFare || fare.Currency != "EUR" {
		t.Fatalf("fare = %+v", fare)
	}
	drivers, _ := d.Drivers()
	if drivers[0].Status != "idle" || drivers[0].Trips != 1 {
		t.Fatalf("driver = %+v", drivers[0])
	}
	st, _ := d.Stats()
	if st.Requested != 1 || st.Matched != 1 || st.Completed != 1 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestCancelReleasesDriver(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "d1", Standard, tiergarten)
	r := requestFrom(t, d, "eve", centralStation, alexanderplatz)
	if err := d.Cancel(r.ID); err != nil {
		t.Fatal(err)
	}
	if err := d.Accept("d1", r.ID); !errors.Is(err, ErrNoOffer) {
		t.Fatalf("accept after cancel: %v", err)
	}
	r2 := requestFrom(t, d, "fay", centralStation, alexanderplatz)
	if err := d.Accept("d1", r2.ID); err != nil {
		t.Fatalf("driver not released: %v", err)
	}
}

func TestDeclinePausesDriverUntilCooldownEnds(t *testing.T) {
	d := newTestDispatcher(t, WithDeclineCooldown(15*time.Millisecond))
	onlineDriver(t, d, "d1", Standard, tiergarten)
	r1 := requestFrom(t, d, "gil", centralStation, alexanderplatz)
	if err := d.Decline("d1", r1.ID); err != nil {
		t.Fatal(err)
	}
	r2 := requestFrom(t, d, "hal", centralStation, alexanderplatz)

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 30 {
			_ = d.UpdateLocation("d1", tiergarten)
			_, _ = d.Drivers()
			time.Sleep(time.Millisecond)
		}
	})
	ok := waitFor(t, 2*time.Second, func() bool {
		return rideView(t, d, r2.ID).Status == "offered"
	})
	wg.Wait()
	if !ok {
		t.Fatal("driver never resumed after cooldown")
	}
	if v := rideView(t, d, r1.ID); v.Status != "waiting" {
		t.Fatalf("declined ride status = %s", v.Status)
	}
	st, _ := d.Stats()
	if st.Declined != 1 {
		t.Fatalf("declined = %d", st.Declined)
	}
}

func TestRematchTickPicksUpDriversWhoMoveInRange(t *testing.T) {
	d := newTestDispatcher(t, WithRematchEvery(2*time.Millisecond))
	onlineDriver(t, d, "d1", Standard, potsdam)
	r := requestFrom(t, d, "ivy", centralStation, alexanderplatz)
	if err := d.UpdateLocation("d1", tiergarten); err != nil {
		t.Fatal(err)
	}
	if !waitFor(t, 2*time.Second, func() bool { return rideView(t, d, r.ID).Status == "offered" }) {
		t.Fatal("rematch never offered the ride")
	}
}

func TestEventsArePublished(t *testing.T) {
	bus := notify.NewBus[Event](32)
	defer bus.Close()
	got := make(chan Event, 32)
	bus.Subscribe(func(e Event) { got <- e })

	d := newTestDispatcher(t, WithEvents(bus))
	onlineDriver(t, d, "d1", Standard, tiergarten)
	r := requestFrom(t, d, "jo", centralStation, alexanderplatz)
	if err := d.Accept("d1", r.ID); err != nil {
		t.Fatal(err)
	}
	want := []EventKind{EventRequested, EventOffered, EventAssigned}
	for _, k := range want {
		select {
		case e := <-got:
			if e.Kind != k || e.RideID != r.ID {
				t.Fatalf("event = %+v, want %s", e, k)
			}
		case <-time.After(time.Second):
			t.Fatalf("no %s event", k)
		}
	}
}

func TestWatchFollowsRide(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "d1", Standard, tiergarten)
	r := requestFrom(t, d, "kim", centralStation, alexanderplatz)
	id := r.ID

	updates := d.Watch(t.Context(), id, time.Millisecond)
	next := func() RideStatus {
		select {
		case st := <-updates:
			return st
		case <-time.After(2 * time.Second):
			t.Fatal("no update")
			return 0
		}
	}
	if st := next(); st != RideOffered {
		t.Fatalf("first = %s", st)
	}
	if err := d.Accept("d1", id); err != nil {
		t.Fatal(err)
	}
	if st := next(); st != RideAssigned {
		t.Fatalf("second = %s", st)
	}
	if _, err := d.Complete("d1"); err != nil {
		t.Fatal(err)
	}
	if st := next(); st != RideCompleted {
		t.Fatalf("third = %s", st)
	}
	if _, open := <-updates; open {
		t.Fatal("watch kept running after the ride ended")
	}
}

func TestConcurrentRidersAndDrivers(t *testing.T) {
	d := newTestDispatcher(t, WithRematchEvery(time.Millisecond))
	drivers := []string{"a", "b", "c", "d"}
	for i, id := range drivers {
		onlineDriver(t, d, id, Standard, Point{Lat: tiergarten.Lat + float64(i)*0.001, Lng: tiergarten.Lng})
	}
	var wg sync.WaitGroup
	for _, id := range drivers {
		wg.Go(func() {
			for range 20 {
				_ = d.UpdateLocation(id, tiergarten)
				time.Sleep(200 * time.Microsecond)
			}
		})
	}
	rides := make(chan string, 8)
	for i := range 8 {
		wg.Go(func() {
			r, err := d.RequestRide(RideRequest{Rider: string(rune('p' + i)), Pickup: centralStation, Dropoff: alexanderplatz})
			if err != nil {
				t.Errorf("request: %v", err)
				return
			}
			rides <- r.ID
		})
	}
	wg.Wait()
	close(rides)
	st, err := d.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if st.Requested != 8 || st.Offered < len(drivers) {
		t.Fatalf("stats = %+v", st)
	}
}
