package podplayer

import (
	"sync"
	"time"
)

// Audio is the playback engine.
type Audio interface {
	Load(url string, from time.Duration) error
	Play()
	Pause()
	Position() time.Duration
}

// ClockAudio is a silent engine that advances a position while playing; it
// is used when no sound device is available.
type ClockAudio struct {
	mu      sync.Mutex
	url     string
	base    time.Duration
	started time.Time
	playing bool
}

// Load implements Audio.
func (a *ClockAudio) Load(url string, from time.Duration) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.url, a.base, a.playing = url, from, false
	return nil
}

// Play implements Audio.
func (a *ClockAudio) Play() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.playing {
		a.playing, a.started = true, time.Now()
	}
}

// Pause implements Audio.
func (a *ClockAudio) Pause() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.playing {
		a.base += time.Since(a.started)
		a.playing = false
	}
}

// Position implements Audio.
func (a *ClockAudio) Position() time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.playing {
		return a.base + time.Since(a.started)
	}
	return a.base
}

// History records what was listened to, so a sync goroutine can upload it.
type History struct {
	mu      sync.Mutex
	entries []HistoryEntry
	synced  int
}

// HistoryEntry is one listening session.
type HistoryEntry struct {
	EpisodeID string
	Listened  time.Duration
	At        time.Time
}

// Add appends an entry.
func (h *History) Add(e HistoryEntry) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.entries = append(h.entries, e)
}

// Pending returns entries not yet synced and marks them synced.
func (h *History) Pending() []HistoryEntry {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := append([]HistoryEntry(nil), h.entries[h.synced:]...)
	h.synced = len(h.entries)
	return out
}

// Len is the number of entries recorded.
func (h *History) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.entries)
}
