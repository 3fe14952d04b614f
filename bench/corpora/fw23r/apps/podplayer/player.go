package podplayer

import (
	"context"
	"fmt"
	"io"
	"time"

	"gioui.org/font/gofont"
	"gioui.org/layout"
	"gioui.org/text"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"example.com/corpus/trial-fw23r/apps/podplayer/download"
)

// Invalidator asks the window for a new frame; *app.Window implements it.
type Invalidator interface {
	Invalidate()
}

// Store keeps downloaded audio.
type Store interface {
	Writer(episodeID string) io.Writer
}

type discardStore struct{}

func (discardStore) Writer(string) io.Writer { return io.Discard }

type playback struct {
	playing   bool
	episodeID string
	position  time.Duration
	startedAt time.Time
}

// Player is the podcast player window's state.
type Player struct {
	win      Invalidator
	th       *material.Theme
	src      FeedSource
	fetcher  *download.Fetcher
	audio    Audio
	store    Store
	history  *History
	ctx      context.Context
	cancel   context.CancelFunc
	events   chan update
	tickRate time.Duration

	feeds      []Feed
	episodes   []Episode
	jobs       map[string]*download.Job
	state      playback
	status     string
	refreshing bool
	stopTick   chan struct{}
	endTimer   *time.Timer
	sleepTimer *time.Timer
	sleepUntil time.Time

	list       widget.List
	refreshBtn widget.Clickable
	playBtn    widget.Clickable
	sleepBtn   widget.Clickable
	rows       map[string]*rowWidgets
}

type rowWidgets struct {
	play     widget.Clickable
	download widget.Clickable
}

// Option configures a Player.
type Option func(*Player)

// WithAudio sets the playback engine.
func WithAudio(a Audio) Option { return func(p *Player) { p.audio = a } }

// WithStore sets where downloads are written.
func WithStore(s Store) Option { return func(p *Player) { p.store = s } }

// WithTickRate sets how often the play position is refreshed.
func WithTickRate(d time.Duration) Option { return func(p *Player) { p.tickRate = d } }

// New builds a player drawing into win.
func New(win Invalidator, src FeedSource, fetcher *download.Fetcher, opts ...Option) *Player {
	th := material.NewTheme()
	th.Shaper = text.NewShaper(text.NoSystemFonts(), text.WithCollection(gofont.Regular()))
	ctx, cancel := context.WithCancel(context.Background())
	p := &Player{
		win:      win,
		th:       th,
		src:      src,
		fetcher:  fetcher,
		audio:    &ClockAudio{},
		store:    discardStore{},
		history:  &History{},
		ctx:      ctx,
		cancel:   cancel,
		events:   make(chan update, 64),
		tickRate: time.Second,
		jobs:     make(map[string]*download.Job),
		rows:     make(map[string]*rowWidgets),
		status:   "Ready",
	}
	p.list.Axis = layout.Vertical
	for _, opt := range opts {
		opt(p)
	}
	return p
}

// History returns the listening history.
func (p *Player) History() *History { return p.history }

// Close stops background work.
func (p *Player) Close() {
	p.cancel()
	p.stopTicker()
	if p.endTimer != nil {
		p.endTimer.Stop()
	}
	if p.sleepTimer != nil {
		p.sleepTimer.Stop()
	}
}

// post queues an update for the next frame and wakes the window.
func post(ctx context.Context, events chan<- update, win Invalidator, e update) {
	select {
	case events <- e:
		win.Invalidate()
	case <-ctx.Done():
	}
}

// Subscribe adds a feed and fetches it.
func (p *Player) Subscribe(raw string) {
	url := normaliseFeedURL(raw)
	for _, f := range p.feeds {
		if f.URL == url {
			return
		}
	}
	p.feeds = append(p.feeds, Feed{URL: url, Title: url})
	p.RefreshFeed(url)
}

// RefreshFeed fetches a single feed in the background.
func (p *Player) RefreshFeed(url string) {
	ctx, src, events, win := p.ctx, p.src, p.events, p.win
	go func() {
		info, err := src.Fetch(ctx, url)
		post(ctx, events, win, feedLoaded{url: url, info: info, err: err, at: time.Now()})
	}()
}

// Refresh fetches every subscribed feed in the background.
func (p *Player) Refresh() {
	if p.refreshing {
		return
	}
	p.refreshing = true
	p.status = "Refreshing feeds…"
	go p.refreshAll()
}

func (p *Player) refreshAll() {
	for _, f := range p.feeds { // RACY
		info, err := p.src.Fetch(p.ctx, f.URL)
		post(p.ctx, p.events, p.win, feedLoaded{url: f.URL, info: info, err: err, at: time.Now()})
	}
	post(p.ctx, p.events, p.win, refreshFinished{})
}

func (p *Player) episode(id string) (int, bool) {
	for i := range p.episodes {
		if p.episodes[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// Play starts an episode from where it was left.
func (p *Player) Play(id string) error {
	i, ok := p.episode(id)
	if !ok {
		return fmt.Errorf("podplayer: no episode %q", id)
	}
	p.savePosition()
	ep := p.episodes[i]
	if err := p.audio.Load(ep.AudioURL, ep.Played); err != nil {
		p.status = "Cannot play: " + err.Error()
		return err
	}
	p.audio.Play()
	p.state = playback{playing: true, episodeID: id, position: ep.Played, startedAt: time.Now()}
	p.status = "Playing " + ep.Title
	p.startTicker(id)
	p.armEndTimer(id, ep.Remaining())
	return nil
}

// TogglePlay pauses or resumes the current episode.
func (p *Player) TogglePlay() {
	if p.state.episodeID == "" {
		return
	}
	if p.state.playing {
		p.audio.Pause()
		p.state.playing = false
		p.savePosition()
		p.stopTicker()
		if p.endTimer != nil {
			p.endTimer.Stop()
		}
		p.status = "Paused"
		return
	}
	_ = p.Play(p.state.episodeID)
}

func (p *Player) savePosition() {
	if p.state.episodeID == "" {
		return
	}
	if i, ok := p.episode(p.state.episodeID); ok {
		pos := p.audio.Position()
		listened := pos - p.episodes[i].Played
		p.episodes[i].Played = pos
		if listened > 0 {
			p.history.Add(HistoryEntry{EpisodeID: p.state.episodeID, Listened: listened, At: time.Now()})
		}
	}
}

func (p *Player) startTicker(id string) {
	p.stopTicker()
	stop := make(chan struct{})
	p.stopTick = stop
	ctx, events, win, audio, rate := p.ctx, p.events, p.win, p.audio, p.tickRate
	go func() {
		t := time.NewTicker(rate)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				post(ctx, events, win, positionTick{episodeID: id, position: audio.Position()})
			}
		}
	}()
}

func (p *Player) stopTicker() {
	if p.stopTick != nil {
		close(p.stopTick)
		p.stopTick = nil
	}
}

func (p *Player) armEndTimer(id string, remaining time.Duration) {
	if p.endTimer != nil {
		p.endTimer.Stop()
	}
	ctx, events, win := p.ctx, p.events, p.win
	p.endTimer = time.AfterFunc(remaining, func() {
		post(ctx, events, win, episodeEnded{episodeID: id})
	})
}

// SetSleepTimer pauses playback after d.
func (p *Player) SetSleepTimer(d time.Duration) {
	if p.sleepTimer != nil {
		p.sleepTimer.Stop()
	}
	p.sleepUntil = time.Now().Add(d)
	p.sleepTimer = time.AfterFunc(d, p.sleepExpired)
}

func (p *Player) sleepExpired() {
	p.audio.Pause()
	p.state.playing = false // RACY
	p.win.Invalidate()
}

// Download fetches an episode's audio for offline listening.
func (p *Player) Download(id string) error {
	i, ok := p.episode(id)
	if !ok {
		return fmt.Errorf("podplayer: no episode %q", id)
	}
	if _, busy := p.jobs[id]; busy || p.episodes[i].Downloaded {
		return nil
	}
	ep := p.episodes[i]
	job := p.fetcher.Start(p.ctx, ep.AudioURL, ep.Size, p.store.Writer(id))
	p.jobs[id] = job
	ctx, events, win := p.ctx, p.events, p.win
	go func() {
		<-job.Done()
		post(ctx, events, win, downloadDone{episodeID: id, err: job.Err})
	}()
	return nil
}

// drain applies every pending background event.
func (p *Player) drain() {
	for {
		select {
		case e := <-p.events:
			p.apply(e)
		default:
			return
		}
	}
}

func (p *Player) apply(e update) {
	switch e := e.(type) {
	case feedLoaded:
		for i := range p.feeds {
			if p.feeds[i].URL != e.url {
				continue
			}
			p.feeds[i].LastChecked = e.at
			if e.err != nil {
				p.feeds[i].Err = e.err.Error()
				break
			}
			p.feeds[i].Err = ""
			if e.info.Title != "" {
				p.feeds[i].Title = e.info.Title
			}
			fresh := make([]Episode, len(e.info.Episodes))
			for j, ep := range e.info.Episodes {
				ep.FeedURL, ep.Show = e.url, p.feeds[i].Title
				fresh[j] = ep
			}
			p.episodes = mergeEpisodes(p.episodes, fresh)
		}
	case refreshFinished:
		p.refreshing = false
		p.status = fmt.Sprintf("Updated %d feeds", len(p.feeds))
	case downloadDone:
		delete(p.jobs, e.episodeID)
		if i, ok := p.episode(e.episodeID); ok {
			if e.err != nil {
				p.status = "Download failed: " + e.err.Error()
				break
			}
			p.episodes[i].Downloaded = true
			p.status = "Downloaded " + p.episodes[i].Title
		}
	case positionTick:
		if e.episodeID == p.state.episodeID {
			p.state.position = e.position
		}
	case episodeEnded:
		if e.episodeID == p.state.episodeID {
			p.audio.Pause()
			p.savePosition()
			p.state.playing = false
			p.stopTicker()
			p.status = "Finished"
		}
	}
}
