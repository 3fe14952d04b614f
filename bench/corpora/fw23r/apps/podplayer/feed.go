// Package podplayer is a desktop podcast player built with Gio: it follows
// podcast feeds, downloads episodes for offline listening and remembers how
// far into each episode you got.
package podplayer

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Feed is a subscribed podcast.
type Feed struct {
	URL         string
	Title       string
	LastChecked time.Time
	Err         string
}

// Episode is one item of a feed.
type Episode struct {
	ID         string
	FeedURL    string
	Show       string
	Title      string
	Published  time.Time
	Duration   time.Duration
	AudioURL   string
	Size       int64
	Downloaded bool
	Played     time.Duration
}

// Remaining is how much of the episode is left to hear.
func (e Episode) Remaining() time.Duration {
	if e.Played >= e.Duration {
		return 0
	}
	return e.Duration - e.Played
}

// FeedInfo is what a feed fetch returns.
type FeedInfo struct {
	Title    string
	Episodes []Episode
}

// FeedSource fetches and parses podcast feeds.
type FeedSource interface {
	Fetch(ctx context.Context, url string) (FeedInfo, error)
}

// mergeEpisodes adds fresh episodes to have, keeping play progress and
// download state for episodes already known, newest first.
func mergeEpisodes(have []Episode, fresh []Episode) []Episode {
	idx := make(map[string]int, len(have))
	for i, e := range have {
		idx[e.ID] = i
	}
	out := append([]Episode(nil), have...)
	for _, e := range fresh {
		if i, ok := idx[e.ID]; ok {
			e.Played = out[i].Played
			e.Downloaded = out[i].Downloaded
			out[i] = e
			continue
		}
		idx[e.ID] = len(out)
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Published.After(out[j].Published) })
	return out
}

// formatDuration renders 1h02m or 42:07.
func formatDuration(d time.Duration) string {
	d = d.Round(time.Second)
	h := int(d / time.Hour)
	m := int(d % time.Hour / time.Minute)
	s := int(d % time.Minute / time.Second)
	if h > 0 {
		return fmt.Sprintf("%dh%02dm", h, m)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

// normaliseFeedURL trims whitespace and upgrades bare hosts to https.
func normaliseFeedURL(raw string) string {
	u := strings.TrimSpace(raw)
	if !strings.Contains(u, "://") {
		u = "https://" + u
	}
	return u
}
