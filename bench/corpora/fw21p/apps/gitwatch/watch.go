package gitwatch

import (
	"context"
	"io/fs"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Watcher reports paths (relative to the repository root) that changed on disk.
type Watcher interface {
	Events() <-chan string
	Close() error
}

// PollWatcher is a Watcher that rescans the tree on an interval. It needs no
// platform support and is good enough for small repositories.
type PollWatcher struct {
	root     string
	interval time.Duration
	events   chan string
	stop     chan struct{}
	done     chan struct{}
}

// NewPollWatcher starts scanning root every interval.
func NewPollWatcher(root string, interval time.Duration) *PollWatcher {
	w := &PollWatcher{
		root:     root,
		interval: interval,
		events:   make(chan string, 64),
		stop:     make(chan struct{}),
		done:     make(chan struct{}),
	}
	go w.loop()
	return w
}

// Events implements Watcher.
func (w *PollWatcher) Events() <-chan string { return w.events }

// Close implements Watcher.
func (w *PollWatcher) Close() error {
	close(w.stop)
	<-w.done
	return nil
}

func (w *PollWatcher) loop() {
	defer close(w.done)
	defer close(w.events)
	seen := w.scan(nil)
	t := time.NewTicker(w.interval)
	defer t.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-t.C:
			seen = w.scan(seen)
		}
	}
}

func (w *PollWatcher) scan(prev map[string]time.Time) map[string]time.Time {
	next := make(map[string]time.Time, len(prev))
	_ = filepath.WalkDir(w.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		rel, err := filepath.Rel(w.root, p)
		if err != nil {
			return nil
		}
		rel = filepath.ToSlash(rel)
		next[rel] = info.ModTime()
		if prev != nil {
			if old, ok := prev[rel]; !ok || !old.Equal(info.ModTime()) {
				w.emit(rel)
			}
		}
		return nil
	})
	for rel := range prev {
		if _, ok := next[rel]; !ok {
			w.emit(rel)
		}
	}
	return next
}

func (w *PollWatcher) emit(rel string) {
	select {
	case w.events <- rel:
	case <-w.stop:
	}
}

// watchStats counts watcher activity; it is shared with the view.
type watchStats struct {
	seen    atomic.Int64
	dropped atomic.Int64
}

// fsEventMsg tells the model that a path changed on disk.
type fsEventMsg struct {
	path string
}

// forwardEvents relays watcher events into the program until ctx is done or
// the watcher closes its channel.
func forwardEvents(ctx context.Context, w Watcher, r *repo, stats *watchStats, send func(tea.Msg)) {
	for {
		select {
		case <-ctx.Done():
			return
		case p, ok := <-w.Events():
			if !ok {
				return
			}
			stats.seen.Add(1)
			if r.ignored(p) {
				stats.dropped.Add(1)
				continue
			}
			send(fsEventMsg{path: p})
		}
	}
}

// matchPattern reports whether p matches a gitignore-style pattern. Patterns
// ending in a slash match whole directories.
func matchPattern(pattern, p string) bool {
	if dir, ok := strings.CutSuffix(pattern, "/"); ok {
		return p == dir || strings.HasPrefix(p, dir+"/")
	}
	if ok, _ := filepath.Match(pattern, p); ok {
		return true
	}
	ok, _ := filepath.Match(pattern, filepath.Base(p))
	return ok
}
