package scores

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestTableKeepsBestFirst(t *testing.T) {
	tb := NewTable(3)
	for _, s := range []int{50, 120, 80, 10, 200} {
		tb.Record(Entry{Name: "p", Score: s})
	}
	got := tb.Entries()
	if len(got) != 3 || got[0].Score != 200 || got[1].Score != 120 || got[2].Score != 80 {
		t.Fatalf("table = %+v", got)
	}
	if pos := tb.Record(Entry{Score: 5}); pos != 0 {
		t.Fatalf("low score placed at %d", pos)
	}
	if tb.Best() != 200 {
		t.Fatalf("best = %d", tb.Best())
	}
}

func TestHTTPClient(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/scores":
			var e Entry
			json.NewDecoder(r.Body).Decode(&e)
			json.NewEncoder(w).Encode(map[string]int{"rank": 1000 - e.Score})
		case "/v1/daily":
			json.NewEncoder(w).Encode(Challenge{Name: "Maze Monday", Seed: 42, Walls: [][2]int{{3, 3}}})
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	c := HTTPClient{BaseURL: srv.URL}
	rank, err := c.Submit(context.Background(), Entry{Name: "ann", Score: 250})
	if err != nil || rank != 750 {
		t.Fatalf("submit: %d %v", rank, err)
	}
	ch, err := c.Daily(context.Background())
	if err != nil || ch.Seed != 42 || len(ch.Walls) != 1 {
		t.Fatalf("daily: %+v %v", ch, err)
	}
}
