package downloads

import (
	"net/http"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// API is a small HTTP interface for browser extensions and scripts:
//
//	POST /downloads   url=<url>   queue a download
//	GET  /downloads               list the queue
//	GET  /history                 finished attempts
type API struct {
	queue   *Queue
	history *History
	send    func(tea.Msg)
	mux     *http.ServeMux
}

// NewAPI serves the queue of m; new downloads are delivered through send.
func NewAPI(m Model, send func(tea.Msg)) *API {
	a := &API{queue: m.queue, history: m.history, send: send, mux: http.NewServeMux()}
	a.mux.HandleFunc("POST /downloads", a.add)
	a.mux.HandleFunc("GET /downloads", a.list)
	a.mux.HandleFunc("GET /history", a.listHistory)
	return a
}

func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a.mux.ServeHTTP(w, r)
}

func (a *API) add(w http.ResponseWriter, r *http.Request) {
	u := strings.TrimSpace(r.FormValue("url"))
	if u == "" {
		http.Error(w, "missing url", http.StatusBadRequest)
		return
	}
	a.send(AddMsg{URL: u})
	w.WriteHeader(http.StatusAccepted)
}

func (a *API) list(w http.ResponseWriter, r *http.Request) {
	writeLines(w, a.queue.summaries(), func(b []byte, s jobSummary) []byte {
		b = strconv.AppendInt(b, int64(s.ID), 10)
		b = append(b, '\t')
		b = append(b, s.State.String()...)
		b = append(b, '\t')
		b = strconv.AppendInt(b, s.Bytes, 10)
		b = append(b, '\t')
		return append(b, s.URL...)
	})
}

func (a *API) listHistory(w http.ResponseWriter, r *http.Request) {
	writeLines(w, a.history.Entries(), func(b []byte, e Entry) []byte {
		b = strconv.AppendInt(b, int64(e.ID), 10)
		b = append(b, '\t')
		b = append(b, e.State.String()...)
		b = append(b, '\t')
		b = strconv.AppendInt(b, e.Bytes, 10)
		b = append(b, '\t')
		b = append(b, e.URL...)
		if e.Err != "" {
			b = append(b, '\t')
			b = append(b, e.Err...)
		}
		return b
	})
}

// writeLines renders one tab separated line per item as text/plain.
func writeLines[T any](w http.ResponseWriter, items []T, format func([]byte, T) []byte) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	var buf []byte
	for _, it := range items {
		buf = format(buf, it)
		buf = append(buf, '\n')
	}
	_, _ = w.Write(buf)
}
