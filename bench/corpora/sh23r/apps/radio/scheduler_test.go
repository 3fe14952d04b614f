package radio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func newScheduler(t *testing.T, ads AdServer, cat Catalogue, opts ...Option) *Scheduler {
	t.Helper()
	opts = append([]Option{WithTick(time.Millisecond), WithStation("Test FM")}, opts...)
	s := New(ads, cat, opts...)
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

func songs(n int, d time.Duration) []Track {
	out := make([]Track, n)
	for i := range out {
		out[i] = Track{ID: fmt.Sprintf("T%d", i+1), Artist: "Band", Title: fmt.Sprintf("Song %d", i+1), Duration: d}
	}
	return out
}

func waitAsRun(t *testing.T, s *Scheduler, ok func([]Played) bool) []Played {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		lines := s.AsRun().Lines()
		if ok(lines) {
			return lines
		}
		if time.Now().After(deadline) {
			t.Fatalf("as-run log never matched: %+v", lines)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestPlayoutOrder(t *testing.T) {
	s := newScheduler(t, nil, nil)
	if err := s.Enqueue(Track{ID: "bad"}); err == nil {
		t.Fatal("track without duration accepted")
	}
	if err := s.Enqueue(songs(4, 3*time.Millisecond)...); err != nil {
		t.Fatal(err)
	}
	if err := s.Remove("T3"); err != nil {
		t.Fatal(err)
	}
	if err := s.Remove("T9"); !errors.Is(err, ErrNotQueued) {
		t.Fatalf("err = %v", err)
	}
	lines := waitAsRun(t, s, func(l []Played) bool { return len(l) == 3 })
	var got []string
	for _, l := range lines {
		got = append(got, l.TrackID)
	}
	if strings.Join(got, ",") != "T1,T2,T4" {
		t.Fatalf("order = %v", got)
	}
	if pc := s.PlayCounts(); pc["T1"] != 1 || pc["T3"] != 0 {
		t.Fatalf("play counts = %v", pc)
	}
	if r := s.AsRun().Royalties(); len(r) != 3 {
		t.Fatalf("royalties = %v", r)
	}
}

type slowCatalogue struct{ delay time.Duration }

func (c slowCatalogue) Lookup(ctx context.Context, id string, done func(Meta, error)) {
	go func() {
		time.Sleep(c.delay)
		done(Meta{Artist: "Catalogued", Title: "Track " + id, Loudness: -20}, nil)
	}()
}

func TestCatalogueEnrichment(t *testing.T) {
	s := newScheduler(t, nil, slowCatalogue{delay: time.Millisecond})
	err := s.Enqueue(
		Track{ID: "A", Title: "Opener", Duration: 15 * time.Millisecond},
		Track{ID: "B", Duration: 2 * time.Millisecond},
	)
	if err != nil {
		t.Fatal(err)
	}
	lines := waitAsRun(t, s, func(l []Played) bool { return len(l) == 2 })
	if lines[1].Label != "Catalogued - Track B" {
		t.Fatalf("label = %q", lines[1].Label)
	}
}

func TestHouseBreak(t *testing.T) {
	s := newScheduler(t, nil, nil)
	if _, err := s.ScheduleBreak(1, 2*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	s.Enqueue(songs(2, 2*time.Millisecond)...)
	lines := waitAsRun(t, s, func(l []Played) bool { return len(l) == 3 })
	if lines[1].Kind != "jingle" || !strings.Contains(lines[1].Label, "Test FM") {
		t.Fatalf("as-run = %+v", lines)
	}
}

func TestNormalize(t *testing.T) {
	s := newScheduler(t, nil, nil)
	s.Enqueue(Track{ID: "long", Duration: time.Hour})
	waitAsRun(t, s, func(l []Played) bool { return len(l) == 1 })
	s.Enqueue(songs(6, time.Minute)...)
	var calls atomic.Int32
	err := s.Normalize(context.Background(), func(ctx context.Context, tr Track) (float64, error) {
		calls.Add(1)
		if tr.ID == "T4" {
			return 0, errors.New("file missing")
		}
		return -14 - float64(len(tr.ID)), nil
	})
	if err == nil || !strings.Contains(err.Error(), "file missing") {
		t.Fatalf("err = %v", err)
	}
	if calls.Load() != 6 {
		t.Fatalf("measured %d tracks", calls.Load())
	}
	if g := gainFor(Track{Loudness: -30}); g != 9 {
		t.Fatalf("gain = %v", g)
	}
}

func TestStatusAndAsRunEndpoints(t *testing.T) {
	s := newScheduler(t, nil, nil)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/queue", "application/json", strings.NewReader(`[{"id":"J1","title":"Station ID","duration":4000000,"kind":1}]`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("enqueue: %s", resp.Status)
	}
	for i := 0; i < 3; i++ {
		resp, err := http.Get(srv.URL + "/status")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	waitAsRun(t, s, func(l []Played) bool { return len(l) == 1 })
	resp, err = http.Get(srv.URL + "/asrun")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var lines []Played
	if err := json.NewDecoder(resp.Body).Decode(&lines); err != nil || len(lines) != 1 || lines[0].Kind != "jingle" {
		t.Fatalf("asrun = %+v %v", lines, err)
	}
}

func TestCrossfade(t *testing.T) {
	s := newScheduler(t, nil, nil, WithCrossfade(2*time.Millisecond))
	s.Enqueue(songs(3, 6*time.Millisecond)...)
	waitAsRun(t, s, func(l []Played) bool { return len(l) == 3 })
	time.Sleep(10 * time.Millisecond)
	if v, playing := s.Status(); playing {
		t.Fatalf("still playing %+v", v)
	}
}

func TestAdServerBreak(t *testing.T) {
	ads := SimAdServer{Delay: 2 * time.Millisecond, SpotLen: time.Millisecond, Campaign: "soda"}
	s := newScheduler(t, ads, nil)
	s.Enqueue(songs(6, 3*time.Millisecond)...)
	if _, err := s.ScheduleBreak(2, 2*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	lines := waitAsRun(t, s, func(l []Played) bool { return len(l) == 8 })
	spots := 0
	for _, l := range lines {
		if l.Kind == "spot" {
			spots++
		}
	}
	if spots != 2 {
		t.Fatalf("as-run = %+v", lines)
	}
}

func TestNowPlayingEndpoint(t *testing.T) {
	s := newScheduler(t, nil, nil)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	s.Enqueue(Track{ID: "L", Artist: "Long", Title: "Player", Duration: 10 * time.Second})
	waitAsRun(t, s, func(l []Played) bool { return len(l) == 1 })
	for i := 0; i < 20; i++ {
		resp, err := http.Get(srv.URL + "/now-playing")
		if err != nil {
			t.Fatal(err)
		}
		var v NowPlayingView
		err = json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		if err != nil || v.Label != "Long - Player" || v.Station != "Test FM" {
			t.Fatalf("now playing = %+v, %v", v, err)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestRundownEndpoint(t *testing.T) {
	s := newScheduler(t, nil, nil)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	s.Enqueue(Track{ID: "L", Title: "Long", Duration: 10 * time.Second})
	waitAsRun(t, s, func(l []Played) bool { return len(l) == 1 })
	s.Enqueue(songs(4, time.Minute)...)
	for i := 0; i < 20; i++ {
		resp, err := http.Get(srv.URL + "/rundown")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if n := strings.Count(string(body), "\n"); n != 4 {
			t.Fatalf("rundown has %d lines:\n%s", n, body)
		}
		time.Sleep(time.Millisecond)
	}
}
