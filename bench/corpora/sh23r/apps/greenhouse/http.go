package greenhouse

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// Handler exposes the controller over HTTP.
func (c *Controller) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /zones", c.serveZones)
	mux.HandleFunc("GET /status", c.serveStatus)
	mux.HandleFunc("GET /zones/{zone}/summary", c.serveSummary)
	mux.HandleFunc("PUT /zones/{zone}/setpoint", c.serveSetpoint)
	mux.HandleFunc("GET /events", c.serveEvents)
	mux.HandleFunc("GET /metrics", c.serveMetrics)
	return mux
}

func (c *Controller) serveZones(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, c.cfg.Zones)
}

func (c *Controller) serveStatus(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, c.Snapshot())
}

func (c *Controller) serveSummary(w http.ResponseWriter, r *http.Request) {
	s, err := c.Summary(r.PathValue("zone"))
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, s)
}

func (c *Controller) serveSetpoint(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Setpoint float64 `json:"setpoint"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := c.SetSetpoint(r.PathValue("zone"), body.Setpoint); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (c *Controller) serveEvents(w http.ResponseWriter, r *http.Request) {
	n := 50
	if s := r.URL.Query().Get("n"); s != "" {
		if v, err := strconv.Atoi(s); err == nil && v > 0 {
			n = v
		}
	}
	writeJSON(w, http.StatusOK, c.log.Tail(n))
}

func (c *Controller) serveMetrics(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4")
	fmt.Fprintf(w, "# site %s\n", c.cfg.Site)
	fmt.Fprintf(w, "greenhouse_zones %d\n", len(c.cfg.Zones))
	fmt.Fprintf(w, "greenhouse_control_cycles_total %d\n", c.Cycles())
}

func writeError(w http.ResponseWriter, err error) {
	code := http.StatusUnprocessableEntity
	if errors.Is(err, ErrUnknownZone) {
		code = http.StatusNotFound
	} else if errors.Is(err, ErrStopped) {
		code = http.StatusServiceUnavailable
	}
	writeJSON(w, code, map[string]string{"error": err.Error()})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}
