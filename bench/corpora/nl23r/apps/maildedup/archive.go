package maildedup

import (
	"context"
	"errors"
	"io"
	"sort"
	"time"
)

// Source yields raw messages one at a time and io.EOF at the end.
type Source interface {
	Next() (mailbox string, raw []byte, err error)
}

// Progress describes how far an import has got.
type Progress struct {
	Messages int
	Bytes    int64
	Skipped  int
}

type archiveOptions struct {
	every      time.Duration
	onProgress func(Progress)
	maxSize    int
}

// ArchiveOption configures an Archive.
type ArchiveOption func(*archiveOptions)

// WithProgress calls fn every interval while an import runs, and once
// more when it ends.
func WithProgress(every time.Duration, fn func(Progress)) ArchiveOption {
	return func(o *archiveOptions) { o.every, o.onProgress = every, fn }
}

// WithMaxSize skips messages larger than n bytes.
func WithMaxSize(n int) ArchiveOption {
	return func(o *archiveOptions) { o.maxSize = n }
}

// Archive holds the messages of several mailboxes.
type Archive struct {
	opts      archiveOptions
	messages  []Message
	byMailbox map[string][]int

	imported int
	bytes    int64
	skipped  int
}

// NewArchive returns an empty archive.
func NewArchive(opts ...ArchiveOption) *Archive {
	var o archiveOptions
	for _, opt := range opts {
		opt(&o)
	}
	return &Archive{opts: o, byMailbox: make(map[string][]int)}
}

// Messages returns all messages in import order.
func (a *Archive) Messages() []Message { return a.messages }

// Mailboxes lists the mailbox names in sorted order.
func (a *Archive) Mailboxes() []string {
	out := make([]string, 0, len(a.byMailbox))
	for mb := range a.byMailbox {
		out = append(out, mb)
	}
	sort.Strings(out)
	return out
}

// Mailbox returns the messages of one mailbox.
func (a *Archive) Mailbox(name string) []Message {
	var out []Message
	for _, i := range a.byMailbox[name] {
		out = append(out, a.messages[i])
	}
	return out
}

// Import reads every message from src into the archive.
func (a *Archive) Import(ctx context.Context, src Source) (int, error) {
	stop := a.watchProgress()
	defer stop()
	n := 0
	for {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		mailbox, raw, err := src.Next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		if a.opts.maxSize > 0 && len(raw) > a.opts.maxSize {
			a.skipped++
			continue
		}
		m, err := Parse(mailbox, raw)
		if err != nil {
			a.skipped++
			continue
		}
		a.add(m)
		n++
	}
}

func (a *Archive) add(m Message) {
	a.byMailbox[m.Mailbox] = append(a.byMailbox[m.Mailbox], len(a.messages))
	a.messages = append(a.messages, m)
	a.imported++
	a.bytes += int64(m.Size)
}

// Progress reports the totals of the imports so far.
func (a *Archive) Progress() Progress {
	return Progress{Messages: a.imported, Bytes: a.bytes, Skipped: a.skipped}
}

// watchProgress starts the progress reporter, if one is configured, and
// returns a function that stops it and reports the final totals.
func (a *Archive) watchProgress() (stop func()) {
	fn, every := a.opts.onProgress, a.opts.every
	if fn == nil {
		return func() {}
	}
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				fn(a.currentProgress())
			}
		}
	}()
	return func() {
		close(quit)
		<-done
		fn(a.Progress())
	}
}

func (a *Archive) currentProgress() Progress {
	return Progress{Messages: a.imported, Bytes: a.bytes, Skipped: a.skipped} // RACY
}
