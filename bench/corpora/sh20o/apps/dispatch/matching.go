package dispatch

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"example.com/corpus/trial-sh20o/internal/pool"
)

type candidate struct {
	DriverID string
	Pos      Point
	ETA      time.Duration
}

func (d *Dispatcher) enqueue(r *Ride) {
	r.Status = RideWaiting
	d.waiting = append(d.waiting, r) // RACY
}

// matchWaiting offers every waiting ride to the best available driver,
// oldest request first.
func (d *Dispatcher) matchWaiting() {
	if len(d.waiting) == 0 {
		return
	}
	still := d.waiting[:0]
	for _, r := range d.waiting {
		if r.Status != RideWaiting {
			continue
		}
		if !d.tryOffer(r) {
			still = append(still, r)
		}
	}
	clear(d.waiting[len(still):])
	d.waiting = still
}

func (d *Dispatcher) tryOffer(r *Ride) bool {
	cands := d.candidates(r)
	if len(cands) == 0 {
		return false
	}
	ranked, err := rankByETA(context.Background(), d.cfg.ETAWorkers, d.cfg.AvgSpeedKmh, r.Pickup, cands)
	if err != nil || len(ranked) == 0 {
		return false
	}
	d.sendOffer(r, d.drivers[ranked[0].DriverID])
	return true
}

// candidates lists idle drivers close enough to the pickup who can serve the
// requested class and have not already turned the ride down.
func (d *Dispatcher) candidates(r *Ride) []candidate {
	var out []candidate
	for _, drv := range d.drivers {
		if drv.Status != DriverIdle || drv.Class < r.Class || r.declinedBy[drv.ID] {
			continue
		}
		if DistanceKm(drv.Fix.Point, r.Pickup) > d.cfg.MaxPickupKm {
			continue
		}
		out = append(out, candidate{DriverID: drv.ID, Pos: drv.Fix.Point})
	}
	slices.SortFunc(out, func(a, b candidate) int { return strings.Compare(a.DriverID, b.DriverID) })
	return out
}

// rankByETA estimates each candidate's time to the pickup in parallel and
// sorts them fastest first.
func rankByETA(ctx context.Context, workers int, speed float64, pickup Point, cands []candidate) ([]candidate, error) {
	ranked, err := pool.Map(ctx, workers, cands, func(_ context.Context, c candidate) (candidate, error) {
		c.ETA = TravelTime(c.Pos, pickup, speed)
		return c, nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(ranked, func(a, b candidate) int {
		if c := cmp.Compare(a.ETA, b.ETA); c != 0 {
			return c
		}
		return strings.Compare(a.DriverID, b.DriverID)
	})
	return ranked, nil
}

func (d *Dispatcher) releaseDriver(drv *Driver) {
	drv.Status = DriverIdle
	drv.RideID = ""
}

func (d *Dispatcher) assign(o *offer) {
	o.timer.Stop()
	delete(d.offers, o.ride.ID)
	o.ride.Status = RideAssigned
	o.ride.DriverID = o.driver.ID
	o.driver.Status = DriverOnTrip
	d.stats.Matched++
	d.emit(EventAssigned, o.ride.ID, o.driver.ID)
}

func (d *Dispatcher) decline(o *offer) {
	o.timer.Stop()
	delete(d.offers, o.ride.ID)
	o.ride.declinedBy[o.driver.ID] = true
	drv := o.driver
	drv.Status = DriverPaused
	drv.RideID = ""
	d.stats.Declined++
	d.loop.After(d.cfg.DeclineCooldown, func() { d.resume(drv) })
	d.requeue(o.ride)
}

// resume puts a paused driver back on the road.
func (d *Dispatcher) resume(drv *Driver) {
	if drv.Status != DriverPaused {
		return
	}
	drv.Status = DriverIdle
	d.matchWaiting()
}

// requeue puts a ride back in line after an offer fell through, giving up
// once it has been offered too many times.
func (d *Dispatcher) requeue(r *Ride) {
	if d.cfg.MaxAttempts > 0 && r.Attempts >= d.cfg.MaxAttempts {
		r.Status = RideUnserved
		d.stats.Unserved++
		d.emit(EventUnserved, r.ID, "")
		return
	}
	d.enqueue(r)
	d.matchWaiting()
}
