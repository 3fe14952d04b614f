package lockers

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"
)

// Handler exposes the bank over HTTP.
func (b *Bank) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /site", b.serveSite)
	mux.HandleFunc("GET /compartments", b.serveCompartments)
	mux.HandleFunc("GET /stats", b.serveStats)
	mux.HandleFunc("POST /reservations", b.serveReserve)
	mux.HandleFunc("GET /parcels/{code}", b.serveParcel)
	mux.HandleFunc("POST /parcels/{code}/pickup", b.servePickup)
	mux.HandleFunc("POST /service/{id}/open", b.serveServiceOpen)
	return mux
}

func (b *Bank) serveSite(w http.ResponseWriter, r *http.Request) {
	layout := map[string]int{}
	for s, n := range b.cfg.Layout {
		layout[s.String()] = n
	}
	writeJSON(w, http.StatusOK, map[string]any{"site": b.cfg.Site, "layout": layout})
}

func (b *Bank) serveCompartments(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, b.Compartments())
}

func (b *Bank) serveStats(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, b.Stats())
}

func (b *Bank) serveReserve(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Courier string `json:"courier"`
		Size    string `json:"size"`
		Minutes int    `json:"minutes"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	size, err := ParseSize(body.Size)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	if body.Minutes <= 0 {
		body.Minutes = 15
	}
	v, err := b.Reserve(body.Courier, size, time.Duration(body.Minutes)*time.Minute)
	if err != nil {
		writeError(w, http.StatusConflict, err)
		return
	}
	writeJSON(w, http.StatusCreated, v)
}

func (b *Bank) serveParcel(w http.ResponseWriter, r *http.Request) {
	c, err := b.Lookup(r.PathValue("code"))
	if err != nil {
		writeError(w, http.StatusNotFound, err)
		return
	}
	writeJSON(w, http.StatusOK, renderParcel(c))
}

func (b *Bank) servePickup(w http.ResponseWriter, r *http.Request) {
	p, err := b.Pickup(r.PathValue("code"))
	if err != nil {
		code := http.StatusNotFound
		if errors.Is(err, ErrBankStopped) {
			code = http.StatusServiceUnavailable
		}
		writeError(w, code, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (b *Bank) serveServiceOpen(w http.ResponseWriter, r *http.Request) {
	if err := b.ServiceOpen(r.PathValue("id")); err != nil {
		writeError(w, http.StatusNotFound, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, code int, err error) {
	writeJSON(w, code, map[string]string{"error": err.Error()})
}
