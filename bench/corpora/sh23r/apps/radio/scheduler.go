package radio

import (
	"context"
	"errors"
	"fmt"
	"time"

	"example.com/corpus/trial-sh23r/internal/loop"
	"example.com/corpus/trial-sh23r/internal/workers"
)

var (
	ErrEmptyQueue = errors.New("radio: nothing queued")
	ErrNotQueued  = errors.New("radio: track not in queue")
)

// Config is fixed when the scheduler is built.
type Config struct {
	Station   string
	Tick      time.Duration
	Crossfade time.Duration
	BreakLen  time.Duration
}

// Option adjusts a Config.
type Option func(*Config)

// WithTick sets the playout clock resolution.
func WithTick(d time.Duration) Option { return func(c *Config) { c.Tick = d } }

// WithCrossfade enables crossfades of length d between items.
func WithCrossfade(d time.Duration) Option { return func(c *Config) { c.Crossfade = d } }

// WithStation names the station.
func WithStation(name string) Option { return func(c *Config) { c.Station = name } }

// Meta is catalogue metadata for a track.
type Meta struct {
	Artist   string
	Title    string
	Loudness float64
}

// Catalogue looks tracks up asynchronously.
type Catalogue interface {
	Lookup(ctx context.Context, id string, done func(Meta, error))
}

// Scheduler owns the running order and the playout clock.
type Scheduler struct {
	cfg   Config
	lp    *loop.Loop
	ads   AdServer
	cat   Catalogue
	asRun *AsRunLog

	queue      []Item
	playing    bool
	nowPlaying NowPlaying
	deck       deck
	breaks     []*AdBreak
	played     int
	playCounts map[string]int
	nextBreak  int
}

// New builds a scheduler. ads and cat may be nil.
func New(ads AdServer, cat Catalogue, opts ...Option) *Scheduler {
	cfg := Config{Station: "Radio Nowhere", Tick: 100 * time.Millisecond, BreakLen: 90 * time.Second}
	for _, o := range opts {
		o(&cfg)
	}
	s := &Scheduler{
		cfg:        cfg,
		lp:         loop.New(loop.WithName("playout")),
		ads:        ads,
		cat:        cat,
		asRun:      &AsRunLog{},
		playCounts: make(map[string]int),
	}
	s.lp.OnTick(cfg.Tick, s.tick)
	return s
}

// Start starts the playout clock.
func (s *Scheduler) Start() { s.lp.Start() }

// Stop stops the playout clock.
func (s *Scheduler) Stop() { s.lp.Stop() }

// AsRun returns the as-run log.
func (s *Scheduler) AsRun() *AsRunLog { return s.asRun }

// Enqueue appends tracks to the running order.
func (s *Scheduler) Enqueue(tracks ...Track) error {
	for _, t := range tracks {
		if err := t.validate(); err != nil {
			return err
		}
	}
	return loop.Do(s.lp, func() {
		for _, t := range tracks {
			s.queue = append(s.queue, Item{Track: t, Gain: gainFor(t)})
			if s.cat != nil && t.Kind == Music {
				s.enrich(t.ID)
			}
		}
		s.retime(time.Now())
	})
}

func (s *Scheduler) enrich(id string) {
	s.cat.Lookup(context.Background(), id, func(m Meta, err error) {
		if err != nil {
			return
		}
		s.lp.Post(func() { s.applyMeta(id, m) })
	})
}

func (s *Scheduler) applyMeta(id string, m Meta) {
	for i := range s.queue {
		it := &s.queue[i]
		if it.Track.ID != id {
			continue
		}
		if it.Track.Artist == "" {
			it.Track.Artist = m.Artist
		}
		if it.Track.Title == "" {
			it.Track.Title = m.Title
		}
		if m.Loudness != 0 {
			it.Track.Loudness = m.Loudness
			it.Gain = gainFor(it.Track)
		}
	}
}

// Remove drops the first queued item with the given track ID.
func (s *Scheduler) Remove(id string) error {
	err, cerr := loop.Call(s.lp, func() error {
		for i := range s.queue {
			if s.queue[i].Track.ID == id {
				s.queue = append(s.queue[:i], s.queue[i+1:]...)
				s.retime(time.Now())
				return nil
			}
		}
		return ErrNotQueued
	})
	return errors.Join(err, cerr)
}

// ScheduleBreak inserts an ad break after the nth item still to be played.
func (s *Scheduler) ScheduleBreak(afterNth int, length time.Duration) (string, error) {
	return loop.Call(s.lp, func() string {
		s.nextBreak++
		br := &AdBreak{ID: fmt.Sprintf("B%03d", s.nextBreak), AfterNth: s.played + afterNth, Length: length}
		s.breaks = append(s.breaks, br)
		if s.ads == nil {
			br.Spots, br.Filled = houseSpots(s.cfg.Station, br), true
			return br.ID
		}
		req := BreakRequest{BreakID: br.ID, Length: length, Station: s.cfg.Station}
		s.ads.Fill(context.Background(), req, func(spots []SpotAd, err error) {
			if err != nil {
				return
			}
			br.fill(spots)
		})
		return br.ID
	})
}

// Upcoming returns the running order still to be played.
func (s *Scheduler) Upcoming() []Item {
	items, _ := loop.Call(s.lp, func() []Item { return s.queue })
	return items
}

// Status returns a copy of what is on air.
func (s *Scheduler) Status() (NowPlayingView, bool) {
	type result struct {
		v  NowPlayingView
		ok bool
	}
	r, _ := loop.Call(s.lp, func() result {
		return result{viewOf(s.cfg.Station, s.nowPlaying), s.playing}
	})
	return r.v, r.ok
}

// PlayCounts returns how often each track has been played.
func (s *Scheduler) PlayCounts() map[string]int {
	out, _ := loop.Call(s.lp, func() map[string]int {
		m := make(map[string]int, len(s.playCounts))
		for k, v := range s.playCounts {
			m[k] = v
		}
		return m
	})
	return out
}

// Normalize measures every queued track's gain in parallel, waiting for all
// measurements before the running order is updated.
func (s *Scheduler) Normalize(ctx context.Context, measure func(context.Context, Track) (float64, error)) error {
	err, cerr := loop.Call(s.lp, func() error {
		gains, err := workers.Map(ctx, 4, s.queue, func(ctx context.Context, it Item) (float64, error) {
			lufs, err := measure(ctx, it.Track)
			if err != nil {
				return 0, err
			}
			t := it.Track
			t.Loudness = lufs
			return gainFor(t), nil
		})
		for i := range s.queue {
			if gains[i] != 0 {
				s.queue[i].Gain = gains[i]
			}
		}
		return err
	})
	return errors.Join(err, cerr)
}

func (s *Scheduler) nowPlayingView() NowPlayingView {
	np := s.nowPlaying // RACY
	return viewOf(s.cfg.Station, np)
}

func (s *Scheduler) tick() {
	now := time.Now()
	if s.playing {
		s.nowPlaying.Position = now.Sub(s.nowPlaying.Started)
		s.nowPlaying.Level = s.deck.level(now)
		if s.nowPlaying.Position < s.nowPlaying.Item.Track.Duration {
			s.retime(now)
			return
		}
		s.playing = false
	}
	if br := s.dueBreak(); br != nil {
		s.airBreak(br, now)
	}
	if len(s.queue) > 0 {
		s.advance(now)
	}
	s.retime(now)
}

func (s *Scheduler) dueBreak() *AdBreak {
	for _, br := range s.breaks {
		if br.Aired || !br.Filled || br.AfterNth > s.played {
			continue
		}
		return br
	}
	return nil
}

func (s *Scheduler) airBreak(br *AdBreak, now time.Time) {
	br.Aired = true
	spots := make([]Item, 0, len(br.Spots))
	for _, sp := range br.Spots {
		spots = append(spots, Item{Track: sp.Track})
	}
	s.queue = append(spots, s.queue...)
}

func (s *Scheduler) advance(now time.Time) {
	it := s.queue[0]
	s.queue = s.queue[1:]
	s.deck.reset()
	s.nowPlaying = NowPlaying{Item: it, Started: now, Level: 1}
	s.playing = true
	s.played++
	s.playCounts[it.Track.ID]++
	s.asRun.add(Played{TrackID: it.Track.ID, Label: it.Track.Label(), Kind: it.Track.Kind.String(), At: now, Planned: it.Track.Duration})
	if xf := s.cfg.Crossfade; xf > 0 && it.Track.Duration > xf {
		time.AfterFunc(it.Track.Duration-xf, s.beginCrossfade)
	}
}

func (s *Scheduler) beginCrossfade() {
	s.deck.startFade(s.cfg.Crossfade)
}

// retime recomputes the planned start of every queued item.
func (s *Scheduler) retime(now time.Time) {
	at := now
	if s.playing {
		at = s.nowPlaying.Started.Add(s.nowPlaying.Item.Track.Duration)
	}
	for i := range s.queue {
		s.queue[i].StartAt = at
		at = at.Add(s.queue[i].Track.Duration)
	}
}
