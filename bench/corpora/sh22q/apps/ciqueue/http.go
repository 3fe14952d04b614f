package ciqueue

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"
)

// Handler returns the HTTP API used by the web UI and the git hooks.
func (q *Queue) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /jobs", q.handleSubmit)
	mux.HandleFunc("GET /jobs/{id}", q.handleGet)
	mux.HandleFunc("POST /jobs/{id}/cancel", q.handleCancel)
	mux.HandleFunc("GET /stats", q.handleStats)
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_ = q.metrics.WriteText(w)
	})
	return mux
}

type submitRequest struct {
	Pipeline   string   `json:"pipeline"`
	Name       string   `json:"name"`
	Commands   []string `json:"commands"`
	Priority   int      `json:"priority"`
	TimeoutSec int      `json:"timeout_sec"`
	Retries    int      `json:"retries"`
}

func (r submitRequest) spec() Spec {
	return Spec{
		Pipeline:   r.Pipeline,
		Name:       r.Name,
		Commands:   r.Commands,
		Priority:   r.Priority,
		Timeout:    time.Duration(r.TimeoutSec) * time.Second,
		MaxRetries: r.Retries,
	}
}

type jobView struct {
	ID       JobID    `json:"id"`
	Pipeline string   `json:"pipeline"`
	Name     string   `json:"name"`
	Status   string   `json:"status"`
	Attempts int      `json:"attempts"`
	ExitCode int      `json:"exit_code"`
	Error    string   `json:"error,omitempty"`
	Log      []string `json:"log,omitempty"`
}

func viewOf(j Job) jobView {
	return jobView{
		ID:       j.ID,
		Pipeline: j.Spec.Pipeline,
		Name:     j.Spec.Name,
		Status:   j.Status.String(),
		Attempts: j.Attempts,
		ExitCode: j.ExitCode,
		Error:    j.Error,
		Log:      j.Log,
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func (q *Queue) handleSubmit(w http.ResponseWriter, r *http.Request) {
	var req submitRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&req); err != nil {
		http.Error(w, "bad job request", http.StatusBadRequest)
		return
	}
	id, err := q.Submit(req.spec())
	switch {
	case errors.Is(err, ErrDraining):
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	case err != nil:
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]JobID{"id": id})
}

func (q *Queue) handleGet(w http.ResponseWriter, r *http.Request) {
	j, err := q.Snapshot(JobID(r.PathValue("id")))
	if errors.Is(err, ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	writeJSON(w, http.StatusOK, viewOf(j))
}

func (q *Queue) handleCancel(w http.ResponseWriter, r *http.Request) {
	err := q.Cancel(JobID(r.PathValue("id")))
	if errors.Is(err, ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (q *Queue) handleStats(w http.ResponseWriter, r *http.Request) {
	st, err := q.Stats()
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	writeJSON(w, http.StatusOK, st)
}
