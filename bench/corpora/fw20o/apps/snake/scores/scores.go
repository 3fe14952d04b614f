// Package scores keeps the local high-score table and talks to the online
// leaderboard.
package scores

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"time"
)

// Entry is one finished game.
type Entry struct {
	Name     string        `json:"name"`
	Score    int           `json:"score"`
	Length   int           `json:"length"`
	Duration time.Duration `json:"duration"`
	At       time.Time     `json:"at"`
}

// Challenge is the daily board published by the leaderboard server.
type Challenge struct {
	Name  string   `json:"name"`
	Seed  uint64   `json:"seed"`
	Walls [][2]int `json:"walls"`
}

// Client talks to the online leaderboard.
type Client interface {
	Submit(ctx context.Context, e Entry) (int, error)
	Daily(ctx context.Context) (Challenge, error)
}

// HTTPClient is the leaderboard client used by the released game.
type HTTPClient struct {
	BaseURL string
	HTTP    *http.Client
}

// Submit posts an entry and returns its world rank.
func (c HTTPClient) Submit(ctx context.Context, e Entry) (int, error) {
	body, err := json.Marshal(e)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/v1/scores", bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	var out struct {
		Rank int `json:"rank"`
	}
	if err := c.do(req, &out); err != nil {
		return 0, err
	}
	return out.Rank, nil
}

// Daily fetches today's challenge board.
func (c HTTPClient) Daily(ctx context.Context) (Challenge, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/v1/daily", nil)
	if err != nil {
		return Challenge{}, err
	}
	var ch Challenge
	err = c.do(req, &ch)
	return ch, err
}

func (c HTTPClient) do(req *http.Request, out any) error {
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("scores: %s %s: %s", req.Method, req.URL.Path, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// Table is the local top-N table shown on the game-over screen.
type Table struct {
	max        int
	entries    []Entry
	globalRank int
}

// NewTable returns an empty table keeping at most max entries.
func NewTable(max int) *Table {
	return &Table{max: max}
}

// Record inserts an entry and returns its 1-based position, or 0 if it did
// not make the table.
func (t *Table) Record(e Entry) int {
	i := sort.Search(len(t.entries), func(i int) bool { return t.entries[i].Score < e.Score })
	if i >= t.max {
		return 0
	}
	t.entries = append(t.entries, Entry{})
	copy(t.entries[i+1:], t.entries[i:])
	t.entries[i] = e
	if len(t.entries) > t.max {
		t.entries = t.entries[:t.max]
	}
	return i + 1
}

// Entries returns a copy of the table, best first.
func (t *Table) Entries() []Entry {
	return append([]Entry(nil), t.entries...)
}

// Best returns the best score so far.
func (t *Table) Best() int {
	if len(t.entries) == 0 {
		return 0
	}
	return t.entries[0].Score
}

// SetGlobalRank stores the world rank of the last submitted game.
func (t *Table) SetGlobalRank(r int) {
	t.globalRank = r // RACY
}

// GlobalRank returns the world rank of the last submitted game, or 0.
func (t *Table) GlobalRank() int {
	return t.globalRank
}

// ClearGlobalRank forgets the rank when a new game starts.
func (t *Table) ClearGlobalRank() {
	t.globalRank = 0
}
