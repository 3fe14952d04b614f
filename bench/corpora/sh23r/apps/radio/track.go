// Package radio schedules the playout of a radio station: a queue of tracks,
// crossfades between them, ad breaks filled by an ad server and an as-run
// log for royalty reporting.
package radio

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"
)

// Kind classifies queue items.
type Kind int

const (
	Music Kind = iota
	Jingle
	Spot
)

func (k Kind) String() string {
	switch k {
	case Music:
		return "music"
	case Jingle:
		return "jingle"
	case Spot:
		return "spot"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Track is a playable audio asset.
type Track struct {
	ID       string        `json:"id"`
	Artist   string        `json:"artist"`
	Title    string        `json:"title"`
	Duration time.Duration `json:"duration"`
	Loudness float64       `json:"loudness"`
	Kind     Kind          `json:"kind"`
}

func (t Track) validate() error {
	switch {
	case t.ID == "":
		return fmt.Errorf("radio: track without id")
	case t.Duration <= 0:
		return fmt.Errorf("radio: track %s has no duration", t.ID)
	}
	return nil
}

// Label renders "Artist - Title".
func (t Track) Label() string {
	if t.Artist == "" {
		return t.Title
	}
	return t.Artist + " - " + t.Title
}

// Item is a track placed in the running order.
type Item struct {
	Track   Track
	StartAt time.Time
	Gain    float64
}

// targetLoudness is the programme loudness in LUFS.
const targetLoudness = -16.0

// gainFor computes the playout gain in dB that brings a track to the target
// loudness, limited to +/- 9 dB.
func gainFor(t Track) float64 {
	if t.Loudness == 0 {
		return 0
	}
	g := targetLoudness - t.Loudness
	return math.Max(-9, math.Min(9, g))
}

// writeRundown prints the running order.
func writeRundown(w io.Writer, items []Item) error {
	var b strings.Builder
	for i := range items {
		it := &items[i]
		at := it.StartAt.Format("15:04:05.000") // RACY
		fmt.Fprintf(&b, "%s  %-6s %s\n", at, it.Track.Kind, it.Track.Label())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// NowPlaying describes the item on air.
type NowPlaying struct {
	Item     Item
	Started  time.Time
	Position time.Duration
	Level    float64
}

// NowPlayingView is the public JSON form of NowPlaying.
type NowPlayingView struct {
	Station   string  `json:"station"`
	Label     string  `json:"label"`
	Kind      string  `json:"kind"`
	ElapsedMS int64   `json:"elapsed_ms"`
	LengthMS  int64   `json:"length_ms"`
	Level     float64 `json:"level"`
}

func viewOf(station string, np NowPlaying) NowPlayingView {
	return NowPlayingView{
		Station:   station,
		Label:     np.Item.Track.Label(),
		Kind:      np.Item.Track.Kind.String(),
		ElapsedMS: np.Position.Milliseconds(),
		LengthMS:  np.Item.Track.Duration.Milliseconds(),
		Level:     np.Level,
	}
}
