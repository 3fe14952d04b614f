package parking

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"
)

// Handler serves the meter network API: the coin-meter payment webhook,
// the driver app's extension endpoint and meter lookups.
func (n *Network) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /meters/{id}/pay", n.handleCoinPayment)
	mux.HandleFunc("POST /meters/{id}/extend", n.handleExtend)
	mux.HandleFunc("GET /meters/{id}", n.handleMeter)
	mux.HandleFunc("GET /revenue", n.handleRevenue)
	return mux
}

type coinPayment struct {
	Minutes int `json:"minutes"`
}

type paymentReceipt struct {
	Meter   string `json:"meter"`
	Plate   string `json:"plate"`
	Minutes int    `json:"minutes"`
}

func (n *Network) handleCoinPayment(w http.ResponseWriter, req *http.Request) {
	var p coinPayment
	if err := json.NewDecoder(req.Body).Decode(&p); err != nil || p.Minutes <= 0 {
		http.Error(w, "bad payment", http.StatusBadRequest)
		return
	}
	id := req.PathValue("id")
	s, err := n.activeSession(id)
	if err != nil {
		writeErr(w, err)
		return
	}
	extendSession(s, time.Duration(p.Minutes)*time.Minute)
	writeJSON(w, http.StatusOK, paymentReceipt{Meter: id, Plate: s.Plate, Minutes: p.Minutes})
}

func (n *Network) handleExtend(w http.ResponseWriter, req *http.Request) {
	var p coinPayment
	if err := json.NewDecoder(req.Body).Decode(&p); err != nil || p.Minutes <= 0 {
		http.Error(w, "bad extension", http.StatusBadRequest)
		return
	}
	if err := n.Extend(req.PathValue("id"), time.Duration(p.Minutes)*time.Minute); err != nil {
		writeErr(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (n *Network) handleMeter(w http.ResponseWriter, req *http.Request) {
	v, err := n.Meter(req.PathValue("id"))
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (n *Network) handleRevenue(w http.ResponseWriter, _ *http.Request) {
	rev, err := n.Revenue()
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, rev)
}

func writeErr(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, ErrUnknownMeter), errors.Is(err, ErrNoSession), errors.Is(err, ErrUnknownZone):
		status = http.StatusNotFound
	case errors.Is(err, ErrStopped):
		status = http.StatusServiceUnavailable
	}
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
