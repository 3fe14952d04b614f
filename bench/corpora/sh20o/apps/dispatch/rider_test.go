package dispatch

import (
	"testing"
	"time"
)

func TestTrackReportsAssignment(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "d1", Standard, tiergarten)
	ride := requestFrom(t, d, "ned", centralStation, alexanderplatz)
	id := ride.ID

	updates := Track(t.Context(), ride, time.Millisecond)
	if st := <-updates; st != RideOffered {
		t.Fatalf("first status = %s", st)
	}
	time.Sleep(15 * time.Millisecond)
	if err := d.Accept("d1", id); err != nil {
		t.Fatal(err)
	}
	select {
	case st := <-updates:
		if st != RideAssigned {
			t.Fatalf("status = %s", st)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("assignment never observed")
	}
	time.Sleep(10 * time.Millisecond)
	if _, err := d.Complete("d1"); err != nil {
		t.Fatal(err)
	}
	for st := range updates {
		if st == RideCompleted {
			return
		}
	}
	t.Fatal("completion never observed")
}

func TestAcceptedRideNamesDriver(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "d2", Standard, tiergarten)
	ride := requestFrom(t, d, "oz", centralStation, alexanderplatz)
	id := ride.ID

	go func() {
		time.Sleep(10 * time.Millisecond)
		if err := d.Accept("d2", id); err != nil {
			t.Errorf("accept: %v", err)
		}
	}()
	deadline := time.Now().Add(2 * time.Second)
	for ride.DriverID == "" && time.Now().Before(deadline) { // RACY
		time.Sleep(time.Millisecond)
	}
	if v := rideView(t, d, id); v.DriverID != "d2" {
		t.Fatalf("driver = %q", v.DriverID)
	}
}
