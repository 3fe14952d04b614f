// Package companion serves the expense tracker's numbers to the phone widget
// over HTTP.
package companion

import (
	"encoding/json"
	"net/http"
	"time"
)

// Summary is the overview shown by the phone widget.
type Summary struct {
	SpentCents  int64     `json:"spent_cents"`
	BudgetCents int64     `json:"budget_cents"`
	Count       int       `json:"count"`
	TopCategory string    `json:"top_category"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// Source provides the numbers served by the companion API.
type Source interface {
	// Spent returns the running total of all expenses.
	Spent() int64
	// Snapshot returns the most recently published summary.
	Snapshot() Summary
}

// NewHandler returns the companion API handler.
func NewHandler(src Source) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/spent", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, map[string]int64{"spent_cents": src.Spent()})
	})
	mux.HandleFunc("GET /api/summary", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, src.Snapshot())
	})
	return mux
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(v)
}
