package quiz

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"example.com/corpus/trial-sh21p/internal/events"
)

func sampleQuestions() []Question {
	return []Question{
		{Prompt: "Capital of Peru?", Choices: []string{"Quito", "Lima", "Bogotá"}, Answer: 1, Points: 100},
		{Prompt: "2^10?", Choices: []string{"1000", "1024", "2048"}, Answer: 1, Points: 100},
		{Prompt: "Largest planet?", Choices: []string{"Jupiter", "Saturn"}, Answer: 0, Points: 50},
	}
}

func newTestHost(t *testing.T, opts ...Option) (*Host, *events.Bus) {
	t.Helper()
	bus := events.New()
	h, err := New(bus, sampleQuestions(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	h.Start()
	t.Cleanup(func() {
		h.Stop()
		bus.Close()
	})
	return h, bus
}

func join(t *testing.T, h *Host, bus *events.Bus, id, name string) *Pipe {
	t.Helper()
	p := NewPipe(id, bus, 32)
	if err := h.Join(id, name, p); err != nil {
		t.Fatalf("join %s: %v", name, err)
	}
	return p
}

func drain(p *Pipe) []string {
	var kinds []string
	for {
		m, ok := p.Next(5 * time.Millisecond)
		if !ok {
			return kinds
		}
		kinds = append(kinds, m.Kind)
	}
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

func TestQuestionValidate(t *testing.T) {
	bad := []Question{
		{Choices: []string{"a", "b"}, Points: 1},
		{Prompt: "x", Choices: []string{"a"}, Points: 1},
		{Prompt: "x", Choices: []string{"a", "b"}, Answer: 2, Points: 1},
		{Prompt: "x", Choices: []string{"a", "b"}},
	}
	for i, q := range bad {
		if q.Validate() == nil {
			t.Errorf("question %d validated", i)
		}
	}
	if _, err := New(events.New(), bad); err == nil {
		t.Fatal("New accepted invalid questions")
	}
}

func TestShuffledKeepsAnswers(t *testing.T) {
	qs := sampleQuestions()
	out := Shuffled(qs, rand.New(rand.NewPCG(1, 2)))
	if len(out) != len(qs) {
		t.Fatalf("len = %d", len(out))
	}
	want := map[string]string{}
	for _, q := range qs {
		want[q.Prompt] = q.Choices[q.Answer]
	}
	for _, q := range out {
		if got := q.Choices[q.Answer]; got != want[q.Prompt] {
			t.Fatalf("%s: answer %q, want %q", q.Prompt, got, want[q.Prompt])
		}
	}
	if qs[0].Choices[1] != "Lima" {
		t.Fatal("input was modified")
	}
}

func TestBonuses(t *testing.T) {
	if got := speedBonus(100, 0, time.Second); got != 50 {
		t.Fatalf("instant bonus = %d", got)
	}
	if got := speedBonus(100, time.Second, time.Second); got != 0 {
		t.Fatalf("late bonus = %d", got)
	}
	if streakBonus(2) != 0 || streakBonus(3) != 20 || streakBonus(7) != 50 {
		t.Fatal("streak bonus table")
	}
}

func TestJoinRules(t *testing.T) {
	h, bus := newTestHost(t, WithMaxPlayers(2))
	join(t, h, bus, "p1", "ana")
	if err := h.Join("p2", "ana", NewPipe("p2", bus, 4)); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("duplicate name: %v", err)
	}
	join(t, h, bus, "p2", "bo")
	if err := h.Join("p3", "cy", NewPipe("p3", bus, 4)); !errors.Is(err, ErrGameFull) {
		t.Fatalf("full game: %v", err)
	}
	board, err := h.Scoreboard()
	if err != nil {
		t.Fatal(err)
	}
	if len(board) != 2 || board[0].Name != "ana" {
		t.Fatalf("board = %+v", board)
	}
	board[0].Score = 1000
	again, _ := h.Scoreboard()
	if again[0].Score != 0 {
		t.Fatal("scoreboard shares memory with the host")
	}
}

func TestRoundClosesWhenEveryoneAnswered(t *testing.T) {
	h, bus := newTestHost(t, WithRoundTime(time.Second))
	ana := join(t, h, bus, "p1", "ana")
	bo := join(t, h, bus, "p2", "bo")
	n, err := h.StartRound()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.StartRound(); !errors.Is(err, ErrRoundInProgress) {
		t.Fatalf("second start: %v", err)
	}
	_ = h.Submit(Answer{Player: "p1", Round: n, Choice: 1})
	_ = h.Submit(Answer{Player: "p2", Round: n, Choice: 0})

	var hist []RoundSummary
	waitUntil(t, "round close", func() bool {
		hist, err = h.History()
		return err == nil && len(hist) == 1
	})
	if hist[0].Answered != 2 || hist[0].Points["p1"] < 100 || hist[0].Points["p2"] != 0 {
		t.Fatalf("summary = %+v", hist[0])
	}
	if got := strings.Join(drain(ana), ","); got != "welcome,question,ack,reveal" {
		t.Fatalf("ana saw %s", got)
	}
	if got := strings.Join(drain(bo), ","); got != "welcome,question,ack,reveal" {
		t.Fatalf("bo saw %s", got)
	}
}

func TestRoundTimesOut(t *testing.T) {
	h, bus := newTestHost(t, WithRoundTime(5*time.Millisecond))
	join(t, h, bus, "p1", "ana")
	if _, err := h.StartRound(); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "timeout", func() bool {
		hist, err := h.History()
		return err == nil && len(hist) == 1 && hist[0].Answered == 0
	})
}

func TestAutoAdvancePlaysWholeGame(t *testing.T) {
	var mu sync.Mutex
	var rounds []int
	h, bus := newTestHost(t,
		WithRoundTime(3*time.Millisecond),
		WithAutoAdvance(2*time.Millisecond),
		WithRoundHook(func(s RoundSummary) {
			s.Points["intruder"] = 1
			mu.Lock()
			rounds = append(rounds, s.Round)
			mu.Unlock()
		}),
	)
	join(t, h, bus, "p1", "ana")
	if _, err := h.StartRound(); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "game over", func() bool {
		hist, err := h.History()
		return err == nil && len(hist) == 3
	})
	hist, _ := h.History()
	for _, s := range hist {
		if _, ok := s.Points["intruder"]; ok {
			t.Fatal("hook modified the host's history")
		}
	}
	waitUntil(t, "hooks", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(rounds) == 3
	})
	if _, err := h.StartRound(); !errors.Is(err, ErrNoMoreQuestions) {
		t.Fatalf("start after last question: %v", err)
	}
}

func TestFormatBoard(t *testing.T) {
	rows := []Standing{{Name: "bo", Score: 10, Connected: true}, {Name: "ana", Score: 30}}
	sortStandings(rows)
	out := formatBoard(rows)
	if !strings.Contains(out, " 1. ana") || !strings.Contains(out, "(away)") {
		t.Fatalf("board:\n%s", out)
	}
}

func TestConsoleOverHTTP(t *testing.T) {
	h, bus := newTestHost(t, WithRoundTime(time.Second))
	join(t, h, bus, "p1", "ana")
	srv := httptest.NewServer(h.Handler())
	defer srv.Close()

	resp, err := http.Post(srv.URL+"/rounds", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var started map[string]int
	_ = json.NewDecoder(resp.Body).Decode(&started)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || started["round"] != 1 {
		t.Fatalf("start: %d %v", resp.StatusCode, started)
	}

	body, _ := json.Marshal(Answer{Player: "p1", Round: 1, Choice: 1})
	resp, err = http.Post(srv.URL+"/answers", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	waitUntil(t, "scored", func() bool {
		resp, err := http.Get(srv.URL + "/scoreboard")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		var board []Standing
		_ = json.NewDecoder(resp.Body).Decode(&board)
		return len(board) == 1 && board[0].Score >= 100
	})

	resp, err = http.Get(srv.URL + "/history")
	if err != nil {
		t.Fatal(err)
	}
	var hist []RoundSummary
	_ = json.NewDecoder(resp.Body).Decode(&hist)
	resp.Body.Close()
	if len(hist) != 1 || hist[0].Correct != "Lima" {
		t.Fatalf("history = %+v", hist)
	}
}
