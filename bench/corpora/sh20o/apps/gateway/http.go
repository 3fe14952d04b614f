package gateway

import (
	"errors"
	"io"
	"net/http"

	"example.com/corpus/trial-sh20o/internal/httpx"
)

// Handler exposes the gateway over HTTP.
func (g *Gateway) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /ingest", g.handleIngest)
	mux.HandleFunc("GET /sensors", g.handleSensors)
	mux.HandleFunc("GET /sensors/{id}", g.handleSensor)
	mux.HandleFunc("GET /health", g.handleHealth)
	mux.HandleFunc("GET /thresholds", g.handleThresholds)
	mux.HandleFunc("GET /stats", g.handleStats)
	return mux
}

func (g *Gateway) handleIngest(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, httpx.MaxBody))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "%v", err)
		return
	}
	n, err := g.Ingest(r.Context(), payload)
	if err != nil {
		httpx.Error(w, http.StatusServiceUnavailable, "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, map[string]int{"accepted": n})
}

func (g *Gateway) handleSensors(w http.ResponseWriter, r *http.Request) {
	list, err := g.Sensors()
	if err != nil {
		httpx.Error(w, http.StatusServiceUnavailable, "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, list)
}

func (g *Gateway) handleSensor(w http.ResponseWriter, r *http.Request) {
	v, err := g.Snapshot(r.PathValue("id"))
	switch {
	case errors.Is(err, ErrUnknownSensor):
		httpx.Error(w, http.StatusNotFound, "%v", err)
	case err != nil:
		httpx.Error(w, http.StatusServiceUnavailable, "%v", err)
	default:
		httpx.WriteJSON(w, http.StatusOK, v)
	}
}

func (g *Gateway) handleHealth(w http.ResponseWriter, r *http.Request) {
	h, err := g.Health()
	if err != nil {
		httpx.Error(w, http.StatusServiceUnavailable, "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, h)
}

func (g *Gateway) handleThresholds(w http.ResponseWriter, r *http.Request) {
	httpx.WriteJSON(w, http.StatusOK, g.cfg.Thresholds)
}

func (g *Gateway) handleStats(w http.ResponseWriter, r *http.Request) {
	st, err := g.Stats()
	if err != nil {
		httpx.Error(w, http.StatusServiceUnavailable, "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, st)
}
