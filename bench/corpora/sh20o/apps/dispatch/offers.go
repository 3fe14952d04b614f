package dispatch

import (
	"time"
)

type offer struct {
	ride   *Ride
	driver *Driver
	sentAt time.Time
	timer  *time.Timer
}

// sendOffer offers the ride to a driver and starts the answer clock.
func (d *Dispatcher) sendOffer(r *Ride, drv *Driver) {
	o := &offer{ride: r, driver: drv, sentAt: d.now()}
	r.Status = RideOffered
	r.Attempts++
	drv.Status = DriverOffered
	drv.RideID = r.ID
	d.offers[r.ID] = o
	d.stats.Offered++
	o.timer = time.AfterFunc(d.cfg.OfferTimeout, func() { d.expireOffer(r.ID) })
	d.emit(EventOffered, r.ID, drv.ID)
}

func (d *Dispatcher) offerFor(driverID, rideID string) (*offer, error) {
	if _, ok := d.drivers[driverID]; !ok {
		return nil, ErrUnknownDriver
	}
	o, ok := d.offers[rideID]
	if !ok || o.driver.ID != driverID {
		return nil, ErrNoOffer
	}
	return o, nil
}

// expireOffer withdraws an unanswered offer and looks for another driver.
func (d *Dispatcher) expireOffer(rideID string) {
	o, ok := d.offers[rideID]
	if !ok {
		return
	}
	delete(d.offers, rideID)
	o.ride.declinedBy[o.driver.ID] = true
	d.releaseDriver(o.driver)
	d.countExpiry(o)
	d.requeue(o.ride)
}

func (d *Dispatcher) countExpiry(o *offer) {
	d.stats.Expired++ // RACY
	d.emit(EventExpired, o.ride.ID, o.driver.ID)
}
