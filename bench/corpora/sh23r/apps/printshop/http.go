package printshop

import (
	"encoding/json"
	"errors"
	"net/http"
)

// Handler exposes the queue over HTTP.
func Handler(q *Queue) http.Handler {
	h := &api{q: q}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /quote", h.quote)
	mux.HandleFunc("POST /jobs", h.submit)
	mux.HandleFunc("GET /jobs", h.list)
	mux.HandleFunc("GET /jobs/{id}", h.job)
	mux.HandleFunc("GET /jobs/{id}/progress", h.progress)
	mux.HandleFunc("POST /jobs/{id}/release", h.release)
	mux.HandleFunc("DELETE /jobs/{id}", h.cancel)
	mux.HandleFunc("GET /queue", h.queue)
	mux.HandleFunc("GET /printers", h.printers)
	return mux
}

type api struct {
	q *Queue
}

type queueSummary struct {
	Shop     string `json:"shop"`
	Pending  int    `json:"pending"`
	Printers int    `json:"printers"`
}

func (h *api) quote(w http.ResponseWriter, r *http.Request) {
	var spec Spec
	if err := json.NewDecoder(r.Body).Decode(&spec); err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	q, err := h.q.Config().Prices.Quote(spec)
	if err != nil {
		httpError(w, http.StatusUnprocessableEntity, err)
		return
	}
	writeJSON(w, http.StatusOK, q)
}

func (h *api) submit(w http.ResponseWriter, r *http.Request) {
	var spec Spec
	if err := json.NewDecoder(r.Body).Decode(&spec); err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	v, err := h.q.Submit(spec)
	if err != nil {
		httpError(w, statusFor(err), err)
		return
	}
	writeJSON(w, http.StatusCreated, v)
}

func (h *api) list(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, h.q.Jobs())
}

func (h *api) job(w http.ResponseWriter, r *http.Request) {
	v, err := h.q.Job(r.PathValue("id"))
	if err != nil {
		httpError(w, statusFor(err), err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (h *api) progress(w http.ResponseWriter, r *http.Request) {
	j, err := h.q.Track(r.PathValue("id"))
	if err != nil {
		httpError(w, statusFor(err), err)
		return
	}
	writeJSON(w, http.StatusOK, progressOf(j))
}

func (h *api) release(w http.ResponseWriter, r *http.Request) {
	if err := h.q.Release(r.PathValue("id")); err != nil {
		httpError(w, statusFor(err), err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *api) cancel(w http.ResponseWriter, r *http.Request) {
	if err := h.q.Cancel(r.PathValue("id")); err != nil {
		httpError(w, statusFor(err), err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *api) queue(w http.ResponseWriter, r *http.Request) {
	cfg := h.q.Config()
	writeJSON(w, http.StatusOK, queueSummary{
		Shop:     cfg.Name,
		Pending:  h.q.pendingCount(),
		Printers: len(h.q.stations),
	})
}

func (h *api) printers(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, h.q.Printers())
}

func statusFor(err error) int {
	switch {
	case errors.Is(err, ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, ErrQueueFull):
		return http.StatusServiceUnavailable
	case errors.Is(err, ErrNotHeld), errors.Is(err, ErrFinished):
		return http.StatusConflict
	}
	return http.StatusUnprocessableEntity
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func httpError(w http.ResponseWriter, code int, err error) {
	writeJSON(w, code, map[string]string{"error": err.Error()})
}
