package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw23r/apps/ferry"
	"example.com/corpus/trial-fw23r/apps/ferry/fares"
)

func startOffice(t *testing.T, cfg ferry.Config) (*actor.Engine, *ferry.Office, *actor.PID) {
	t.Helper()
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	cfg.Fares = fares.NewTable(map[string]fares.Tariff{"HLR": {Adult: 2200, Child: 1100, Senior: 1800, CarUpTo5m: 5400, PerExtraM: 900}})
	o, pid := ferry.Spawn(e, cfg)
	t.Cleanup(func() { <-e.Poison(pid).Done() })
	return e, o, pid
}

func openSailing(t *testing.T, e *actor.Engine, pid *actor.PID, departs time.Time) string {
	t.Helper()
	v, err := e.Request(pid, ferry.OpenSailing{
		Route:   ferry.Route{Code: "HLR", From: "Holyhead", To: "Dublin", Crossing: 3 * time.Hour},
		Vessel:  ferry.Vessel{Name: "Ulysses", Passengers: 40, LaneMeters: 60},
		Departs: departs,
	}, time.Second).Result()
	if err != nil {
		t.Fatal(err)
	}
	return v.(string)
}

func TestDeparturesEndpoint(t *testing.T) {
	e, o, pid := startOffice(t, ferry.Config{})
	openSailing(t, e, pid, time.Now().Add(3*time.Hour))
	openSailing(t, e, pid, time.Now().Add(time.Hour))

	srv := httptest.NewServer(New(e, pid, o))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/departures")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var rows []departureJSON
	if err := json.NewDecoder(resp.Body).Decode(&rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].Status != "Check-in open" || rows[1].Status != "On time" {
		t.Fatalf("rows = %+v", rows)
	}
}

func TestBookingAndManifestEndpoints(t *testing.T) {
	e, o, pid := startOffice(t, ferry.Config{})
	id := openSailing(t, e, pid, time.Now().Add(10*24*time.Hour))
	srv := httptest.NewServer(New(e, pid, o))
	defer srv.Close()

	body, _ := json.Marshal(bookingJSON{Sailing: id, Lead: "F. Byrne", Adults: 2, Vehicle: "ab12cde", LengthM: "4.8", Pay: "terminal"})
	resp, err := http.Post(srv.URL+"/bookings", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("status = %d", resp.StatusCode)
	}
	resp, err = http.Get(srv.URL + "/sailings/" + id + "/manifest")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var lines []ferry.ManifestLine
	if err := json.NewDecoder(resp.Body).Decode(&lines); err != nil {
		t.Fatal(err)
	}
	if len(lines) != 1 || lines[0].Vehicle != "AB12CDE" || lines[0].Pax != 2 {
		t.Fatalf("manifest = %+v", lines)
	}
}

func TestQuoteRejectsEmptyParty(t *testing.T) {
	e, o, pid := startOffice(t, ferry.Config{})
	rec := httptest.NewRecorder()
	New(e, pid, o).ServeHTTP(rec, httptest.NewRequest("GET", "/quote?sailing=x&adults=0", nil))
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status = %d", rec.Code)
	}
}

func TestScreenNextDeparture(t *testing.T) {
	e, o, pid := startOffice(t, ferry.Config{BoardRefresh: 5 * time.Millisecond})
	openSailing(t, e, pid, time.Now().Add(2*time.Hour))
	h := New(e, pid, o)
	req := httptest.NewRequest("GET", "/screens/next.txt", nil)
	rec := httptest.NewRecorder()

	time.Sleep(20 * time.Millisecond)
	h.ServeHTTP(rec, req)
	time.Sleep(30 * time.Millisecond)
	if !strings.Contains(rec.Body.String(), "Holyhead → Dublin") {
		t.Fatalf("board = %q", rec.Body.String())
	}
}
