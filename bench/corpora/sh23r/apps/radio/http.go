package radio

import (
	"encoding/json"
	"net/http"
)

// Handler exposes the scheduler over HTTP.
func (s *Scheduler) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /now-playing", s.serveNowPlaying)
	mux.HandleFunc("GET /status", s.serveStatus)
	mux.HandleFunc("GET /rundown", s.serveRundown)
	mux.HandleFunc("GET /asrun", s.serveAsRun)
	mux.HandleFunc("POST /queue", s.serveEnqueue)
	return mux
}

func (s *Scheduler) serveNowPlaying(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.nowPlayingView())
}

func (s *Scheduler) serveStatus(w http.ResponseWriter, r *http.Request) {
	v, ok := s.Status()
	if !ok {
		writeJSON(w, http.StatusOK, map[string]string{"station": s.cfg.Station, "state": "silence"})
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Scheduler) serveRundown(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_ = writeRundown(w, s.Upcoming())
}

func (s *Scheduler) serveAsRun(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.asRun.Lines())
}

func (s *Scheduler) serveEnqueue(w http.ResponseWriter, r *http.Request) {
	var tracks []Track
	if err := json.NewDecoder(r.Body).Decode(&tracks); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := s.Enqueue(tracks...); err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}
