package weather

import (
	"net/http"
	"strconv"
	"time"
)

// kioskRow is one line of the kiosk status page.
type kioskRow struct {
	City       string
	TempC      float64
	Condition  string
	ObservedAt time.Time
}

// Handler serves the kiosk endpoints:
//
//	/status   current conditions, one city per line
//	/export   the same data, as of the next frame
//	/log      recent events
func (d *Dashboard) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /status", d.serveStatus)
	mux.HandleFunc("GET /export", d.serveExport)
	mux.HandleFunc("GET /log", d.serveLog)
	return mux
}

func (d *Dashboard) serveStatus(w http.ResponseWriter, r *http.Request) {
	rows := d.kioskRows()
	var b []byte
	for _, row := range rows {
		b = appendRow(b, row.City, row.TempC, row.Condition, row.ObservedAt)
	}
	writeText(w, b)
}

func (d *Dashboard) kioskRows() []kioskRow {
	rows := make([]kioskRow, 0, len(d.cities))
	for _, c := range d.cities {
		rd, ok := d.readings[c] // RACY
		if !ok {
			continue
		}
		rows = append(rows, kioskRow{City: c, TempC: rd.TempC, Condition: rd.Condition, ObservedAt: rd.ObservedAt})
	}
	return rows
}

// serveExport requests a snapshot that the next frame answers.
func (d *Dashboard) serveExport(w http.ResponseWriter, r *http.Request) {
	reply := make(chan []Reading, 1)
	select {
	case d.snapshots <- reply:
	case <-r.Context().Done():
		return
	}
	d.window.Invalidate()
	var readings []Reading
	select {
	case readings = <-reply:
	case <-r.Context().Done():
		return
	}
	var b []byte
	for _, rd := range readings {
		b = appendRow(b, rd.City, rd.TempC, rd.Condition, rd.ObservedAt)
	}
	writeText(w, b)
}

func (d *Dashboard) serveLog(w http.ResponseWriter, r *http.Request) {
	var b []byte
	for _, e := range d.log.Recent(50) {
		b = e.At.AppendFormat(b, time.RFC3339)
		b = append(b, '\t')
		b = append(b, e.Text...)
		b = append(b, '\n')
	}
	writeText(w, b)
}

func appendRow(b []byte, city string, tempC float64, cond string, at time.Time) []byte {
	b = append(b, city...)
	b = append(b, '\t')
	b = strconv.AppendFloat(b, tempC, 'f', 1, 64)
	b = append(b, '\t')
	b = append(b, cond...)
	b = append(b, '\t')
	b = at.UTC().AppendFormat(b, time.RFC3339)
	return append(b, '\n')
}

func writeText(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write(b)
}
