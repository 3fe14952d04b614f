package quiz

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestHurryWarnsPlayers(t *testing.T) {
	h, bus := newTestHost(t, WithRoundTime(80*time.Millisecond), WithHurry(60*time.Millisecond))
	ana := join(t, h, bus, "p1", "ana")
	if _, err := h.StartRound(); err != nil {
		t.Fatal(err)
	}
	var hist []RoundSummary
	waitUntil(t, "round to close", func() bool {
		var err error
		hist, err = h.History()
		return err == nil && len(hist) == 1
	})
	if !hist[0].Hurried {
		t.Fatalf("history = %+v", hist)
	}
	if got := strings.Join(drain(ana), ","); got != "welcome,question,hurry,reveal" {
		t.Fatalf("ana saw %s", got)
	}
}

func TestStatusEndpoint(t *testing.T) {
	h, _ := newTestHost(t, WithRoundTime(10*time.Millisecond))
	srv := httptest.NewServer(h.Handler())
	defer srv.Close()

	if _, err := h.StartRound(); err != nil {
		t.Fatal(err)
	}
	var st statusReport
	waitUntil(t, "reveal", func() bool {
		resp, err := http.Get(srv.URL + "/status")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
			t.Fatal(err)
		}
		return st.Phase == "reveal"
	})
	if st.Questions != 3 {
		t.Fatalf("status = %+v", st)
	}
}

func TestSpectatorShowsScores(t *testing.T) {
	h, bus := newTestHost(t, WithRoundTime(time.Second))
	join(t, h, bus, "p1", "ana")
	join(t, h, bus, "p2", "bo")

	screen := &display{}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := h.Spectate(ctx, screen, 2*time.Millisecond)
	defer func() {
		cancel()
		<-stopped
	}()

	n, err := h.StartRound()
	if err != nil {
		t.Fatal(err)
	}
	_ = h.Submit(Answer{Player: "p2", Round: n, Choice: 1})
	_ = h.Submit(Answer{Player: "p1", Round: n, Choice: 2})
	waitUntil(t, "bo to lead", func() bool {
		return strings.HasPrefix(screen.lastFrame(), " 1. bo")
	})
}

func TestDisconnectedPlayersDoNotHoldUpRound(t *testing.T) {
	h, bus := newTestHost(t, WithRoundTime(time.Second))
	join(t, h, bus, "p1", "ana")
	bo := join(t, h, bus, "p2", "bo")
	n, err := h.StartRound()
	if err != nil {
		t.Fatal(err)
	}
	_ = bo.Close()
	time.Sleep(30 * time.Millisecond)

	_ = h.Submit(Answer{Player: "p1", Round: n, Choice: 1})
	var hist []RoundSummary
	waitUntil(t, "round to close", func() bool {
		hist, err = h.History()
		return err == nil && len(hist) == 1
	})
	if hist[0].Answered != 1 {
		t.Fatalf("history = %+v", hist)
	}
}

// display collects spectator output.
type display struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (d *display) Write(p []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.buf.Write(p)
}

func (d *display) lastFrame() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	frames := strings.Split(d.buf.String(), "---- standings ----\n")
	return frames[len(frames)-1]
}
