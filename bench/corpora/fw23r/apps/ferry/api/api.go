// Package api exposes a booking office over HTTP for the website and the
// station screens.
package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw23r/apps/ferry"
	"example.com/corpus/trial-fw23r/apps/ferry/fares"
)

// ScreenSource provides the headline for the quayside screens.
type ScreenSource interface {
	NextDeparture() ferry.NextDeparture
}

// Server is the HTTP front end.
type Server struct {
	engine  *actor.Engine
	office  *actor.PID
	screens ScreenSource
	timeout time.Duration
	loc     *time.Location
	mux     *http.ServeMux
}

// Option configures a Server.
type Option func(*Server)

// WithTimeout sets how long to wait for the office.
func WithTimeout(d time.Duration) Option { return func(s *Server) { s.timeout = d } }

// WithLocation sets the time zone used on the screens.
func WithLocation(loc *time.Location) Option { return func(s *Server) { s.loc = loc } }

// New builds the HTTP server for the office at pid.
func New(e *actor.Engine, pid *actor.PID, screens ScreenSource, opts ...Option) *Server {
	s := &Server{engine: e, office: pid, screens: screens, timeout: 2 * time.Second, loc: time.UTC, mux: http.NewServeMux()}
	for _, opt := range opts {
		opt(s)
	}
	s.mux.HandleFunc("GET /departures", s.departures)
	s.mux.HandleFunc("GET /screens/next.txt", s.screenNext)
	s.mux.HandleFunc("GET /quote", s.quote)
	s.mux.HandleFunc("POST /bookings", s.createBooking)
	s.mux.HandleFunc("GET /sailings/{id}/manifest", s.manifest)
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

func (s *Server) ask(msg any) (any, error) {
	return s.engine.Request(s.office, msg, s.timeout).Result()
}

type departureJSON struct {
	Sailing  string  `json:"sailing"`
	Route    string  `json:"route"`
	Departs  string  `json:"departs"`
	Status   string  `json:"status"`
	Seats    int     `json:"seats"`
	LaneLeft float64 `json:"lane_m"`
}

func (s *Server) departures(w http.ResponseWriter, r *http.Request) {
	v, err := s.ask(ferry.DeparturesRequest{})
	if err != nil {
		http.Error(w, err.Error(), http.StatusGatewayTimeout)
		return
	}
	board := v.(ferry.Board)
	out := make([]departureJSON, 0, len(board.Rows))
	for _, row := range board.Rows {
		out = append(out, departureJSON{
			Sailing:  row.SailingID,
			Route:    row.Route,
			Departs:  row.Departs.In(s.loc).Format(time.RFC3339),
			Status:   row.Status.String(),
			Seats:    row.PaxLeft,
			LaneLeft: row.LaneLeft,
		})
	}
	writeJSON(w, http.StatusOK, out)
}

// screenNext renders the one-line headline for the LED screens on the
// quayside, which poll it every few seconds.
func (s *Server) screenNext(w http.ResponseWriter, r *http.Request) {
	next := s.screens.NextDeparture()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if next.SailingID == "" {
		_, _ = w.Write([]byte("No departures\n"))
		return
	}
	line := fmt.Sprintf("%s  %s → %s  %s  %s  %d seats\n",
		next.Departs.In(s.loc).Format("15:04"), next.From, next.To, next.Vessel, next.Status, next.PaxLeft)
	_, _ = w.Write([]byte(line))
}

func (s *Server) quote(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	party, err := parseParty(q.Get("adults"), q.Get("children"), q.Get("seniors"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	v, err := s.ask(ferry.QuoteRequest{SailingID: q.Get("sailing"), Party: party, Vehicle: parseVehicle(q.Get("vehicle"), q.Get("length"))})
	if err != nil {
		http.Error(w, err.Error(), http.StatusGatewayTimeout)
		return
	}
	qt := v.(ferry.Quote)
	writeJSON(w, http.StatusOK, map[string]any{"sailing": qt.SailingID, "fare": qt.Fare.String(), "pence": int64(qt.Fare), "available": qt.Available})
}

type bookingJSON struct {
	Sailing  string `json:"sailing"`
	Lead     string `json:"lead"`
	Adults   int    `json:"adults"`
	Children int    `json:"children"`
	Seniors  int    `json:"seniors"`
	Vehicle  string `json:"vehicle"`
	LengthM  string `json:"length_m"`
	Pay      string `json:"pay"`
}

func (s *Server) createBooking(w http.ResponseWriter, r *http.Request) {
	var in bookingJSON
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req := ferry.BookRequest{
		SailingID: in.Sailing,
		Lead:      in.Lead,
		Party:     fares.Party{Adults: in.Adults, Children: in.Children, Seniors: in.Seniors},
		Vehicle:   parseVehicle(in.Vehicle, in.LengthM),
		Pay:       ferry.PayNow,
	}
	if in.Pay == "terminal" {
		req.Pay = ferry.PayAtTerminal
	}
	v, err := s.ask(req)
	if err != nil {
		http.Error(w, err.Error(), http.StatusGatewayTimeout)
		return
	}
	rep := v.(ferry.BookReply)
	if rep.Err != nil {
		status := http.StatusUnprocessableEntity
		if errors.Is(rep.Err, ferry.ErrUnknownSailing) {
			status = http.StatusNotFound
		}
		http.Error(w, rep.Err.Error(), status)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"ref": rep.Ref, "fare": rep.Fare.String(), "status": rep.Status.String()})
}

func (s *Server) manifest(w http.ResponseWriter, r *http.Request) {
	v, err := s.ask(ferry.ManifestRequest{SailingID: r.PathValue("id")})
	if err != nil {
		http.Error(w, err.Error(), http.StatusGatewayTimeout)
		return
	}
	m := v.(ferry.Manifest)
	if m.Err != nil {
		http.Error(w, m.Err.Error(), http.StatusNotFound)
		return
	}
	writeJSON(w, http.StatusOK, m.Lines)
}

func parseParty(adults, children, seniors string) (fares.Party, error) {
	var p fares.Party
	for _, f := range []struct {
		raw string
		dst *int
	}{{adults, &p.Adults}, {children, &p.Children}, {seniors, &p.Seniors}} {
		if f.raw == "" {
			continue
		}
		n, err := strconv.Atoi(f.raw)
		if err != nil || n < 0 {
			return p, fmt.Errorf("bad passenger count %q", f.raw)
		}
		*f.dst = n
	}
	if p.Size() == 0 {
		return p, errors.New("no passengers")
	}
	return p, nil
}

func parseVehicle(reg, length string) *fares.Vehicle {
	if reg == "" {
		return nil
	}
	v := &fares.Vehicle{Reg: strings.ToUpper(reg), Kind: fares.Car, LengthM: 4.5}
	if l, err := strconv.ParseFloat(length, 64); err == nil && l > 0 {
		v.LengthM = l
		if l > 6 {
			v.Kind = fares.Van
		}
	}
	return v
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
