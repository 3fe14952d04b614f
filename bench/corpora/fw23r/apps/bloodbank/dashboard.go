package bloodbank

import (
	"encoding/json"
	"net/http"
	"sort"
	"time"

	"example.com/corpus/trial-fw23r/apps/bloodbank/stock"
)

// Desk is what the dashboard needs from the bank.
type Desk interface {
	Levels() (stock.Levels, error)
	Counters() (stock.Stats, error)
	LastSweep() time.Time
}

// Dashboard serves the duty manager's wall screen.
type Dashboard struct {
	desk       Desk
	mux        *http.ServeMux
	staleAfter time.Duration
}

// NewDashboard wires the HTTP routes. The health check reports stale when
// the sweep has not run within staleAfter.
func NewDashboard(desk Desk, staleAfter time.Duration) *Dashboard {
	d := &Dashboard{desk: desk, mux: http.NewServeMux(), staleAfter: staleAfter}
	d.mux.HandleFunc("GET /levels", d.levels)
	d.mux.HandleFunc("GET /stats", d.stats)
	d.mux.HandleFunc("GET /health", d.health)
	return d
}

func (d *Dashboard) ServeHTTP(w http.ResponseWriter, r *http.Request) { d.mux.ServeHTTP(w, r) }

type levelRow struct {
	Type  string `json:"type"`
	Units int    `json:"units"`
	Low   bool   `json:"low"`
}

func (d *Dashboard) levels(w http.ResponseWriter, r *http.Request) {
	lv, err := d.desk.Levels()
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	rows := make([]levelRow, 0, len(lv))
	for t, n := range lv {
		rows = append(rows, levelRow{Type: string(t), Units: n, Low: n < 2})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Type < rows[j].Type })
	writeJSON(w, rows)
}

type statsBody struct {
	Received  int `json:"received"`
	Issued    int `json:"issued"`
	Discarded int `json:"discarded"`
	Expired   int `json:"expired"`
}

func (d *Dashboard) stats(w http.ResponseWriter, r *http.Request) {
	st, err := d.desk.Counters()
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	writeJSON(w, statsBody{Received: st.Received, Issued: st.Issued, Discarded: st.Discarded, Expired: st.Expired})
}

type healthBody struct {
	Status    string    `json:"status"`
	LastSweep time.Time `json:"last_sweep"`
}

// health reports whether the expiry sweep is keeping up; the wall screen
// turns red when it has not run for a while.
func (d *Dashboard) health(w http.ResponseWriter, r *http.Request) {
	last := d.desk.LastSweep()
	body := healthBody{Status: "ok", LastSweep: last}
	if last.IsZero() || time.Since(last) > d.staleAfter {
		body.Status = "stale"
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	writeJSON(w, body)
}

func writeJSON(w http.ResponseWriter, v interface{}) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
