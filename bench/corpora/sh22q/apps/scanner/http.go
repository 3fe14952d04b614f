package scanner

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
)

// Handler returns the HTTP API used by the handheld scanners and the
// operations dashboard.
func (s *Scanner) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /scan", s.handleScan)
	mux.HandleFunc("POST /exit", s.handleExit)
	mux.HandleFunc("GET /stats", s.handleStats)
	mux.HandleFunc("GET /occupancy", s.handleOccupancy)
	mux.HandleFunc("GET /lanes/{id}", s.handleLane)
	mux.HandleFunc("GET /board", s.handleBoard)
	mux.HandleFunc("GET /metrics", s.handleMetrics)
	mux.HandleFunc("GET /config", s.handleConfig)
	return mux
}

type scanRequest struct {
	Code string `json:"code"`
	Lane string `json:"lane"`
}

type scanResponse struct {
	Code    string `json:"code"`
	Lane    string `json:"lane"`
	Verdict string `json:"verdict"`
	Reason  string `json:"reason,omitempty"`
}

func decodeScan(r *http.Request) (scanRequest, error) {
	var req scanRequest
	body := io.LimitReader(r.Body, 4096)
	if err := json.NewDecoder(body).Decode(&req); err != nil {
		return scanRequest{}, err
	}
	return req, nil
}

func writeResult(w http.ResponseWriter, res ScanResult) {
	w.Header().Set("Content-Type", "application/json")
	if res.Verdict == Rejected {
		w.WriteHeader(http.StatusForbidden)
	}
	_ = json.NewEncoder(w).Encode(scanResponse{
		Code:    res.Code,
		Lane:    string(res.Lane),
		Verdict: res.Verdict.String(),
		Reason:  res.Reason,
	})
}

func (s *Scanner) handleScan(w http.ResponseWriter, r *http.Request) {
	req, err := decodeScan(r)
	if err != nil {
		http.Error(w, "bad scan request", http.StatusBadRequest)
		return
	}
	res, err := s.Scan(req.Code, LaneID(req.Lane))
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	writeResult(w, res)
}

func (s *Scanner) handleExit(w http.ResponseWriter, r *http.Request) {
	req, err := decodeScan(r)
	if err != nil {
		http.Error(w, "bad exit request", http.StatusBadRequest)
		return
	}
	res, err := s.Exit(req.Code, LaneID(req.Lane))
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	writeResult(w, res)
}

func (s *Scanner) handleStats(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	writeStats(w, s.snapshotStats())
}

func writeStats(w io.Writer, st Stats) {
	rows := []struct {
		name string
		v    int
	}{
		{"admitted", st.Admitted},
		{"reentered", st.Reentered},
		{"rejected", st.Rejected},
		{"exited", st.Exited},
		{"inside", st.Inside},
		{"passes_live", st.PassesLive},
		{"per_minute", st.PerMinute},
	}
	for _, row := range rows {
		_, _ = io.WriteString(w, row.name+" "+strconv.Itoa(row.v)+"\n")
	}
}

func (s *Scanner) handleOccupancy(w http.ResponseWriter, r *http.Request) {
	st, err := s.Stats()
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = io.WriteString(w, strconv.Itoa(st.Inside)+"\n")
}

func (s *Scanner) handleLane(w http.ResponseWriter, r *http.Request) {
	lane, ok, err := s.LaneStats(LaneID(r.PathValue("id")))
	switch {
	case err != nil:
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	case !ok:
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id":       lane.ID,
		"gate":     lane.Gate,
		"open":     lane.Open,
		"scanned":  lane.Scanned,
		"admitted": lane.Admitted,
		"rejected": lane.Rejected,
	})
}

func (s *Scanner) handleBoard(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := s.Board(w); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
	}
}

func (s *Scanner) handleMetrics(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_ = s.metrics.WriteText(w)
}

func (s *Scanner) handleConfig(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"event":          s.cfg.Event,
		"lanes":          len(s.cfg.Lanes),
		"reentry_window": s.cfg.ReentryWindow.String(),
		"max_reentries":  s.cfg.MaxReentries,
	})
}
