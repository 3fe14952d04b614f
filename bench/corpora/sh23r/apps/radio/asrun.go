package radio

import (
	"sync"
	"time"
)

// Played is one line of the as-run log.
type Played struct {
	TrackID string        `json:"track_id"`
	Label   string        `json:"label"`
	Kind    string        `json:"kind"`
	At      time.Time     `json:"at"`
	Planned time.Duration `json:"planned"`
}

// AsRunLog records what actually went to air. It is safe for concurrent use.
type AsRunLog struct {
	mu    sync.Mutex
	lines []Played
}

func (l *AsRunLog) add(p Played) {
	l.mu.Lock()
	l.lines = append(l.lines, p)
	l.mu.Unlock()
}

// Lines returns a copy of the log.
func (l *AsRunLog) Lines() []Played {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Played(nil), l.lines...)
}

// Royalties counts plays per track ID for music only.
func (l *AsRunLog) Royalties() map[string]int {
	out := map[string]int{}
	for _, p := range l.Lines() {
		if p.Kind == Music.String() {
			out[p.TrackID]++
		}
	}
	return out
}
