// Package httpapi exposes a library desk to the public web catalogue.
package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"

	"example.com/corpus/trial-fw20o/apps/loandesk"
)

// Shelf answers availability questions for titles.
type Shelf interface {
	Availability(isbn string) (loandesk.Availability, bool)
}

// Accounts answers questions about patron accounts.
type Accounts interface {
	PatronStatus(patronID string) (loandesk.PatronStatus, error)
}

// Handler serves the public catalogue endpoints.
type Handler struct {
	shelf    Shelf
	accounts Accounts
	mux      *http.ServeMux
}

// New returns a handler backed by the given shelf and accounts.
func New(shelf Shelf, accounts Accounts) *Handler {
	h := &Handler{shelf: shelf, accounts: accounts, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /books/{isbn}", h.book)
	h.mux.HandleFunc("GET /patrons/{id}", h.patron)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mux.ServeHTTP(w, r)
}

func (h *Handler) book(w http.ResponseWriter, r *http.Request) {
	a, ok := h.shelf.Availability(r.PathValue("isbn"))
	if !ok {
		http.Error(w, "no such title", http.StatusNotFound)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

type patronView struct {
	ID         string `json:"id"`
	Active     int    `json:"active_loans"`
	FinesCents int    `json:"fines_cents"`
	Blocked    bool   `json:"blocked"`
}

func (h *Handler) patron(w http.ResponseWriter, r *http.Request) {
	st, err := h.accounts.PatronStatus(r.PathValue("id"))
	switch {
	case errors.Is(err, loandesk.ErrUnknownPatron):
		http.Error(w, "no such patron", http.StatusNotFound)
		return
	case err != nil:
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	writeJSON(w, http.StatusOK, patronView{ID: st.ID, Active: st.Active, FinesCents: st.FinesCents, Blocked: st.Blocked})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
