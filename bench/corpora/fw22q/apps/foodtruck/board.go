package foodtruck

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

type boardHandler struct {
	truck *Truck
	mux   *http.ServeMux
	hits  atomic.Int64
}

func newBoardHandler(t *Truck) *boardHandler {
	h := &boardHandler{truck: t, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /board", h.serveBoard)
	h.mux.HandleFunc("GET /healthz", h.serveHealth)
	h.mux.HandleFunc("GET /stats", h.serveStats)
	return h
}

func (h *boardHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.hits.Add(1)
	h.mux.ServeHTTP(w, r)
}

func (h *boardHandler) serveBoard(w http.ResponseWriter, r *http.Request) {
	view, err := h.truck.Board(r.Context())
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	if r.URL.Query().Get("format") == "json" {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(view)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprint(w, renderBoard(view))
}

// serveHealth is polled by the generator's watchdog every few seconds.
func (h *boardHandler) serveHealth(w http.ResponseWriter, r *http.Request) {
	backlog := h.truck.queue.Backlog()
	status := "ok"
	if backlog >= h.truck.opts.BusyBacklog {
		status = "busy"
	}
	fmt.Fprintf(w, "%s backlog=%d\n", status, backlog)
}

func (h *boardHandler) serveStats(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "requests=%d\n", h.hits.Load())
}

func renderBoard(v BoardView) string {
	var b strings.Builder
	section := func(title string, tickets []TicketView) {
		fmt.Fprintf(&b, "%s:", title)
		if len(tickets) == 0 {
			b.WriteString(" -\n")
			return
		}
		b.WriteString("\n")
		for _, t := range tickets {
			late := ""
			if t.Late {
				late = " (sorry for the wait!)"
			}
			fmt.Fprintf(&b, "  #%-3d %-10s %s%s\n", t.Ticket, t.Customer, t.Wait.Round(time.Second), late)
		}
	}
	section("READY", v.Ready)
	section("ON THE GRILL", v.Cooking)
	section("IN LINE", v.Queued)
	fmt.Fprintf(&b, "served today: %d\n", v.Served)
	return b.String()
}
