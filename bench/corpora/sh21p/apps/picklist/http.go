package picklist

import (
	"encoding/json"
	"errors"
	"net/http"
	"sort"
)

// maxHealthyBacklog is the queue length above which the health check
// reports the floor as backlogged.
const maxHealthyBacklog = 500

// Handler exposes the router over HTTP.
func (r *Router) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /orders", r.handleSubmit)
	mux.HandleFunc("GET /orders/{id}", r.handleOrder)
	mux.HandleFunc("POST /orders/{id}/complete", r.handleComplete)
	mux.HandleFunc("POST /pickers/{id}/next", r.handleNext)
	mux.HandleFunc("GET /stats", r.handleStats)
	mux.HandleFunc("GET /healthz", r.handleHealth)
	mux.HandleFunc("GET /zones", r.handleZones)
	return mux
}

func (r *Router) handleSubmit(w http.ResponseWriter, req *http.Request) {
	var in OrderInput
	if err := json.NewDecoder(req.Body).Decode(&in); err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	if err := r.Submit(in); err != nil {
		writeError(w, http.StatusUnprocessableEntity, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"id": in.ID})
}

func (r *Router) handleOrder(w http.ResponseWriter, req *http.Request) {
	v, err := r.Order(req.PathValue("id"))
	if errors.Is(err, ErrUnknownOrder) {
		writeError(w, http.StatusNotFound, err)
		return
	}
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (r *Router) handleComplete(w http.ResponseWriter, req *http.Request) {
	if err := r.Complete(req.PathValue("id")); err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (r *Router) handleNext(w http.ResponseWriter, req *http.Request) {
	b, err := r.NextBatch(req.PathValue("id"))
	switch {
	case errors.Is(err, ErrUnknownPicker):
		writeError(w, http.StatusNotFound, err)
	case errors.Is(err, ErrPickerFull):
		writeError(w, http.StatusConflict, err)
	case err != nil:
		writeError(w, http.StatusServiceUnavailable, err)
	default:
		writeJSON(w, http.StatusOK, b)
	}
}

type statsResponse struct {
	Stats
	InFlight int `json:"in_flight"`
}

func (r *Router) handleStats(w http.ResponseWriter, _ *http.Request) {
	s, err := r.Stats()
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	writeJSON(w, http.StatusOK, statsResponse{Stats: s, InFlight: s.Routed - s.Completed})
}

type healthReport struct {
	Status string `json:"status"`
	Queued int    `json:"queued"`
	Zones  int    `json:"zones"`
}

func (r *Router) handleHealth(w http.ResponseWriter, _ *http.Request) {
	h := healthReport{Status: "ok", Queued: r.backlog(), Zones: len(r.layout.Zones)}
	if h.Queued > maxHealthyBacklog {
		h.Status = "backlogged"
	}
	writeJSON(w, http.StatusOK, h)
}

type zoneInfo struct {
	Name  string `json:"name"`
	First int    `json:"first_aisle"`
	Last  int    `json:"last_aisle"`
}

func (r *Router) handleZones(w http.ResponseWriter, _ *http.Request) {
	out := make([]zoneInfo, 0, len(r.layout.Zones))
	for name, ar := range r.layout.Zones {
		out = append(out, zoneInfo{name, ar.First, ar.Last})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	writeJSON(w, http.StatusOK, out)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, err error) {
	writeJSON(w, status, map[string]string{"error": err.Error()})
}
