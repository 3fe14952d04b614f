package groundstation

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
)

// Handler returns the operator console API.
func (st *Station) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /satellites/{id}", st.handleStatus)
	mux.HandleFunc("GET /satellites/{id}/anomalies", st.handleAnomalies)
	mux.HandleFunc("POST /satellites/{id}/anomalies/{n}/ack", st.handleAck)
	mux.HandleFunc("GET /limits", st.handleLimits)
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_ = st.metrics.WriteText(w)
	})
	return mux
}

func satFromPath(r *http.Request) (SatID, bool) {
	n, err := strconv.Atoi(r.PathValue("id"))
	if err != nil || n < 0 || n > 255 {
		return 0, false
	}
	return SatID(n), true
}

func (st *Station) handleStatus(w http.ResponseWriter, r *http.Request) {
	sat, ok := satFromPath(r)
	if !ok {
		http.Error(w, "bad spacecraft id", http.StatusBadRequest)
		return
	}
	s, err := st.Status(sat)
	if errors.Is(err, ErrUnknownSat) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"sat":     s.Sat.String(),
		"frames":  s.Frames,
		"dropped": s.Dropped,
		"battery": s.Battery,
		"temp_c":  s.TempC,
		"mode":    string(s.Mode),
		"open":    s.Open,
	})
}

func (st *Station) handleAnomalies(w http.ResponseWriter, r *http.Request) {
	sat, ok := satFromPath(r)
	if !ok {
		http.Error(w, "bad spacecraft id", http.StatusBadRequest)
		return
	}
	list, err := st.Anomalies(sat)
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	renderAnomalies(w, list)
}

func renderAnomalies(w io.Writer, list []Anomaly) {
	for i := range list {
		writeAnomaly(w, i, &list[i])
	}
}

func writeAnomaly(w io.Writer, i int, a *Anomaly) {
	line := strconv.Itoa(i) + " " + a.Sat.String() + " " + a.Kind + " seq=" + strconv.Itoa(int(a.Seq))
	_, _ = io.WriteString(w, line+" "+ackLabel(a.Acked)+"\n") // RACY
}

func ackLabel(acked bool) string {
	if acked {
		return "ACK"
	}
	return "NEW"
}

func (st *Station) handleAck(w http.ResponseWriter, r *http.Request) {
	sat, ok := satFromPath(r)
	n, err := strconv.Atoi(r.PathValue("n"))
	if !ok || err != nil {
		http.Error(w, "bad anomaly reference", http.StatusBadRequest)
		return
	}
	if err := st.Ack(sat, n); err != nil {
		http.NotFound(w, r)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (st *Station) handleLimits(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]float64{
		"min_battery": st.cfg.Limits.MinBattery,
		"max_temp_c":  st.cfg.Limits.MaxTempC,
		"min_temp_c":  st.cfg.Limits.MinTempC,
	})
}
