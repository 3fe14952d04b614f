package dispatch

import (
	"context"
	"time"
)

// CurrentStatus reports the ride's status.
func (r *Ride) CurrentStatus() RideStatus {
	return r.Status // RACY
}

// Track follows a ride returned by RequestRide and reports every status
// change until the ride ends or ctx is cancelled.
func Track(ctx context.Context, r *Ride, every time.Duration) <-chan RideStatus {
	return pollStatus(ctx, every, func() (RideStatus, bool) {
		return r.CurrentStatus(), true
	})
}

// Watch follows a ride by id and reports every status change until the ride
// ends or ctx is cancelled.
func (d *Dispatcher) Watch(ctx context.Context, rideID string, every time.Duration) <-chan RideStatus {
	return pollStatus(ctx, every, func() (RideStatus, bool) {
		v, err := d.Ride(rideID)
		if err != nil {
			return 0, false
		}
		return statusFromString(v.Status), true
	})
}

func statusFromString(s string) RideStatus {
	for st := RideWaiting; st <= RideUnserved; st++ {
		if st.String() == s {
			return st
		}
	}
	return RideUnserved
}

func pollStatus(ctx context.Context, every time.Duration, fetch func() (RideStatus, bool)) <-chan RideStatus {
	if every <= 0 {
		every = 250 * time.Millisecond
	}
	out := make(chan RideStatus, 4)
	go func() {
		defer close(out)
		t := time.NewTicker(every)
		defer t.Stop()
		last := RideStatus(-1)
		for {
			st, ok := fetch()
			if !ok {
				return
			}
			if st != last {
				select {
				case out <- st:
				case <-ctx.Done():
					return
				}
				last = st
			}
			if st.Terminal() {
				return
			}
			select {
			case <-t.C:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}
