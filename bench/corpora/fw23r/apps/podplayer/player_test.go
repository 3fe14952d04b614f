package podplayer

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gioui.org/app"
	"gioui.org/io/event"
	"gioui.org/op"
	"gioui.org/unit"

	"example.com/corpus/trial-fw23r/apps/podplayer/download"
)

type countingWindow struct{ n atomic.Int32 }

func (w *countingWindow) Invalidate() { w.n.Add(1) }

type feedServer struct {
	delay time.Duration
	feeds map[string]FeedInfo
}

func (s *feedServer) Fetch(ctx context.Context, url string) (FeedInfo, error) {
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return FeedInfo{}, ctx.Err()
	}
	info, ok := s.feeds[url]
	if !ok {
		return FeedInfo{}, errors.New("404 not found")
	}
	info.Episodes = append([]Episode(nil), info.Episodes...)
	return info, nil
}

func show(name string, n int, length time.Duration, size int64) FeedInfo {
	info := FeedInfo{Title: name}
	base := time.Date(2024, 6, 1, 6, 0, 0, 0, time.UTC)
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("%s-%d", strings.ToLower(strings.ReplaceAll(name, " ", "")), i+1)
		info.Episodes = append(info.Episodes, Episode{
			ID:        id,
			Title:     fmt.Sprintf("%s #%d", name, i+1),
			Published: base.Add(time.Duration(i) * 24 * time.Hour),
			Duration:  length,
			AudioURL:  "https://cdn.example/" + id + ".mp3",
			Size:      size,
		})
	}
	return info
}

type slowBody struct {
	left  int64
	chunk int
	delay time.Duration
}

func (b *slowBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, io.EOF
	}
	time.Sleep(b.delay)
	n := b.chunk
	if int64(n) > b.left {
		n = int(b.left)
	}
	if n > len(p) {
		n = len(p)
	}
	b.left -= int64(n)
	return n, nil
}

func (b *slowBody) Close() error { return nil }

type audioCDN struct {
	chunk int
	delay time.Duration
}

func (c audioCDN) Open(ctx context.Context, url string) (io.ReadCloser, int64, error) {
	const size = 256 << 10
	return &slowBody{left: size, chunk: c.chunk, delay: c.delay}, size, nil
}

func newTestPlayer(t *testing.T, src FeedSource, cdn audioCDN, opts ...Option) *Player {
	t.Helper()
	p := New(&countingWindow{}, src, download.NewFetcher(cdn, download.WithChunkSize(cdn.chunk)), opts...)
	t.Cleanup(p.Close)
	return p
}

func frame(p *Player) {
	var ops op.Ops
	gtx := app.NewContext(&ops, app.FrameEvent{
		Now:    time.Now(),
		Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1},
		Size:   image.Pt(480, 800),
	})
	p.Layout(gtx)
}

func frameUntil(t *testing.T, p *Player, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		frame(p)
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s (status %q)", what, p.status)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

var shows = &feedServer{
	delay: 5 * time.Millisecond,
	feeds: map[string]FeedInfo{
		"https://feeds.example/history": show("History Hour", 2, 50*time.Minute, 256<<10),
		"https://feeds.example/science": show("Science Weekly", 2, 35*time.Minute, 256<<10),
		"https://feeds.example/cooking": show("Kitchen Table", 1, 25*time.Minute, 256<<10),
	},
}

func TestSubscribeLoadsEpisodes(t *testing.T) {
	p := newTestPlayer(t, shows, audioCDN{chunk: 64 << 10})
	p.Subscribe("feeds.example/history")
	p.Subscribe("https://feeds.example/science")
	p.Subscribe("https://feeds.example/history ")

	frameUntil(t, p, "episodes", func() bool { return len(p.episodes) == 4 })
	if len(p.feeds) != 2 || p.feeds[0].Title != "History Hour" {
		t.Fatalf("feeds = %+v", p.feeds)
	}
	for i := 1; i < len(p.episodes); i++ {
		if p.episodes[i].Published.After(p.episodes[i-1].Published) {
			t.Fatal("episodes not newest first")
		}
	}
}

func TestDownloadCompletes(t *testing.T) {
	p := newTestPlayer(t, shows, audioCDN{chunk: 64 << 10})
	p.Subscribe("https://feeds.example/cooking")
	frameUntil(t, p, "episodes", func() bool { return len(p.episodes) == 1 })

	if err := p.Download("kitchentable-1"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for p.fetcher.Meter().Files() != 1 {
		if time.Now().After(deadline) {
			t.Fatal("download never finished")
		}
		time.Sleep(5 * time.Millisecond)
	}
	frameUntil(t, p, "downloaded flag", func() bool { return p.episodes[0].Downloaded })
	if p.fetcher.Meter().Bytes() != 256<<10 {
		t.Fatalf("meter = %d", p.fetcher.Meter().Bytes())
	}
}

func TestPlayPauseTracksPosition(t *testing.T) {
	p := newTestPlayer(t, shows, audioCDN{chunk: 64 << 10}, WithTickRate(5*time.Millisecond))
	p.Subscribe("https://feeds.example/science")
	frameUntil(t, p, "episodes", func() bool { return len(p.episodes) == 2 })

	if err := p.Play("scienceweekly-1"); err != nil {
		t.Fatal(err)
	}
	frameUntil(t, p, "position", func() bool { return p.state.position > 0 })
	p.TogglePlay()
	if p.state.playing || p.history.Len() != 1 {
		t.Fatalf("state = %+v, history = %d", p.state, p.history.Len())
	}
	if i, _ := p.episode("scienceweekly-1"); p.episodes[i].Played <= 0 {
		t.Fatal("played position not saved")
	}
}

func TestEpisodeEndTimer(t *testing.T) {
	src := &feedServer{feeds: map[string]FeedInfo{"https://feeds.example/short": show("Minute Facts", 1, 20*time.Millisecond, 1024)}}
	p := newTestPlayer(t, src, audioCDN{chunk: 1024})
	p.Subscribe("https://feeds.example/short")
	frameUntil(t, p, "episodes", func() bool { return len(p.episodes) == 1 })

	if err := p.Play("minutefacts-1"); err != nil {
		t.Fatal(err)
	}
	frameUntil(t, p, "end of episode", func() bool { return p.status == "Finished" })
	if p.state.playing {
		t.Fatal("still playing")
	}
}

// scriptedWindow delivers a frame whenever the player invalidates, like a
// real window, until done reports true.
type scriptedWindow struct {
	wake   chan struct{}
	frames int
	done   func() bool
}

func (w *scriptedWindow) Invalidate() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *scriptedWindow) Event() event.Event {
	if w.frames > 0 {
		if w.done() {
			return app.DestroyEvent{}
		}
		select {
		case <-w.wake:
		case <-time.After(20 * time.Millisecond):
		}
	}
	w.frames++
	return app.FrameEvent{
		Now:    time.Now(),
		Metric: unit.Metric{PxPerDp: 1, PxPerSp: 1},
		Size:   image.Pt(480, 800),
		Frame:  func(*op.Ops) {},
	}
}

func TestRunLoopAppliesFeedResults(t *testing.T) {
	w := &scriptedWindow{wake: make(chan struct{}, 1)}
	p := New(w, shows, download.NewFetcher(audioCDN{chunk: 1024}))
	w.done = func() bool { return len(p.episodes) == 3 || w.frames > 200 }
	p.Subscribe("https://feeds.example/history")
	p.Subscribe("https://feeds.example/cooking")
	if err := p.Run(w); err != nil {
		t.Fatal(err)
	}
	if len(p.episodes) != 3 {
		t.Fatalf("episodes = %d after %d frames", len(p.episodes), w.frames)
	}
}

func TestRefreshAllWhileSubscribing(t *testing.T) {
	p := newTestPlayer(t, shows, audioCDN{chunk: 64 << 10})
	p.Subscribe("https://feeds.example/history")
	p.Subscribe("https://feeds.example/science")
	frameUntil(t, p, "episodes", func() bool { return len(p.episodes) == 4 })

	p.Refresh()
	time.Sleep(30 * time.Millisecond)
	p.Subscribe("https://feeds.example/cooking")
	frameUntil(t, p, "refresh", func() bool { return !p.refreshing && len(p.episodes) == 5 })
}

func TestDownloadProgressBar(t *testing.T) {
	p := newTestPlayer(t, shows, audioCDN{chunk: 4 << 10, delay: 3 * time.Millisecond})
	p.Subscribe("https://feeds.example/cooking")
	frameUntil(t, p, "episodes", func() bool { return len(p.episodes) == 1 })

	if err := p.Download("kitchentable-1"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(30 * time.Millisecond)
	frame(p)
	deadline := time.Now().Add(5 * time.Second)
	for p.fetcher.Meter().Files() != 1 {
		if time.Now().After(deadline) {
			t.Fatal("download never finished")
		}
		time.Sleep(5 * time.Millisecond)
	}
	frameUntil(t, p, "downloaded flag", func() bool { return p.episodes[0].Downloaded })
}

func TestSleepTimerPausesPlayback(t *testing.T) {
	p := newTestPlayer(t, shows, audioCDN{chunk: 64 << 10})
	p.Subscribe("https://feeds.example/history")
	frameUntil(t, p, "episodes", func() bool { return len(p.episodes) == 2 })

	if err := p.Play("historyhour-2"); err != nil {
		t.Fatal(err)
	}
	p.SetSleepTimer(20 * time.Millisecond)
	time.Sleep(60 * time.Millisecond)
	frameUntil(t, p, "sleep timer", func() bool { return !p.state.playing })
	if p.audio.Position() > time.Second {
		t.Fatal("audio kept running after sleep timer")
	}
}
