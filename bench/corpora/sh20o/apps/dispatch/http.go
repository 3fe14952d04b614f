package dispatch

import (
	"errors"
	"net/http"

	"example.com/corpus/trial-sh20o/internal/httpx"
)

// Handler exposes the dispatcher over HTTP.
func (d *Dispatcher) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /drivers", d.handleListDrivers)
	mux.HandleFunc("GET /drivers/{id}", d.handleDriver)
	mux.HandleFunc("POST /drivers/{id}/location", d.handleLocation)
	mux.HandleFunc("POST /rides", d.handleRequestRide)
	mux.HandleFunc("GET /rides/{id}", d.handleRide)
	mux.HandleFunc("GET /quote", d.handleQuote)
	mux.HandleFunc("GET /stats", d.handleStats)
	return mux
}

func (d *Dispatcher) handleListDrivers(w http.ResponseWriter, r *http.Request) {
	drivers, err := d.Drivers()
	if err != nil {
		httpx.Error(w, http.StatusServiceUnavailable, "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, drivers)
}

func (d *Dispatcher) handleDriver(w http.ResponseWriter, r *http.Request) {
	drv, ok := d.lookupDriver(r.PathValue("id"))
	if !ok {
		httpx.Error(w, http.StatusNotFound, "no driver %q", r.PathValue("id"))
		return
	}
	httpx.WriteJSON(w, http.StatusOK, describeDriver(drv))
}

func (d *Dispatcher) lookupDriver(id string) (*Driver, bool) {
	drv, ok := d.drivers[id]
	return drv, ok
}

func describeDriver(drv *Driver) DriverView {
	fix := drv.Fix // RACY
	return DriverView{
		ID:     drv.ID,
		Name:   drv.Name,
		Class:  drv.Class.String(),
		Status: drv.Status.String(),
		Lat:    fix.Lat,
		Lng:    fix.Lng,
		SeenAt: fix.At,
		Trips:  drv.Trips,
	}
}

type locationBody struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

func (d *Dispatcher) handleLocation(w http.ResponseWriter, r *http.Request) {
	var body locationBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.Error(w, http.StatusBadRequest, "%v", err)
		return
	}
	if err := d.UpdateLocation(r.PathValue("id"), Point(body)); err != nil {
		httpx.Error(w, statusFor(err), "%v", err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (d *Dispatcher) handleRequestRide(w http.ResponseWriter, r *http.Request) {
	var req RideRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Error(w, http.StatusBadRequest, "%v", err)
		return
	}
	ride, err := d.RequestRide(req)
	if err != nil {
		httpx.Error(w, statusFor(err), "%v", err)
		return
	}
	view, err := d.Ride(ride.ID)
	if err != nil {
		httpx.Error(w, statusFor(err), "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, view)
}

func (d *Dispatcher) handleRide(w http.ResponseWriter, r *http.Request) {
	view, err := d.Ride(r.PathValue("id"))
	if err != nil {
		httpx.Error(w, statusFor(err), "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, view)
}

func (d *Dispatcher) handleQuote(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	from, err := ParsePoint(q.Get("from"))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "%v", err)
		return
	}
	to, err := ParsePoint(q.Get("to"))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "%v", err)
		return
	}
	class, err := ParseVehicleClass(q.Get("class"))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "%v", err)
		return
	}
	fare := d.cfg.Pricing.Quote(from, to, class, d.cfg.AvgSpeedKmh, d.surge.Multiplier(from))
	httpx.WriteJSON(w, http.StatusOK, fare)
}

func (d *Dispatcher) handleStats(w http.ResponseWriter, r *http.Request) {
	st, err := d.Stats()
	if err != nil {
		httpx.Error(w, http.StatusServiceUnavailable, "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, st)
}

func statusFor(err error) int {
	switch {
	case errors.Is(err, ErrUnknownDriver), errors.Is(err, ErrUnknownRide):
		return http.StatusNotFound
	case errors.Is(err, ErrBadRequest):
		return http.StatusBadRequest
	case errors.Is(err, ErrNoOffer), errors.Is(err, ErrDriverBusy):
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}
