package linkrewrite

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"example.com/corpus/trial-nl21p/internal/fanout"
)

// Sink receives published files.
type Sink interface {
	Put(ctx context.Context, path string, body []byte) error
}

// MemorySink keeps published files in memory.
type MemorySink struct {
	mu    sync.Mutex
	files map[string][]byte
}

// Put implements Sink.
func (m *MemorySink) Put(_ context.Context, path string, body []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.files == nil {
		m.files = make(map[string][]byte)
	}
	m.files[path] = slices.Clone(body)
	return nil
}

// Files returns a copy of the stored files.
func (m *MemorySink) Files() map[string][]byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	return maps.Clone(m.files)
}

// PublishInfo describes one publish run.
type PublishInfo struct {
	Pages  int
	Bytes  int
	Broken int
	Took   time.Duration
}

// Publisher rewrites a site and uploads the result to a sink.
type Publisher struct {
	rw      *Rewriter
	sink    Sink
	workers int
	last    PublishInfo
	planned PublishInfo
}

// NewPublisher returns a publisher that uploads with up to workers
// concurrent Put calls.
func NewPublisher(rw *Rewriter, sink Sink, workers int) *Publisher {
	return &Publisher{rw: rw, sink: sink, workers: workers}
}

// Last describes the most recent completed Publish.
func (p *Publisher) Last() PublishInfo { return p.last }

// Planned describes the most recent Plan.
func (p *Publisher) Planned() PublishInfo { return p.planned }

// Publish rewrites site and uploads every page in the background. The
// returned function waits for the upload and reports its error.
func (p *Publisher) Publish(ctx context.Context, site *Site) (wait func() error) {
	errc := make(chan error, 1)
	go func() {
		start := time.Now()
		res, err := p.rw.Rewrite(ctx, site)
		if err == nil {
			err = p.upload(ctx, res)
		}
		info := describe(res, time.Since(start))
		errc <- err
		p.last = info // RACY
	}()
	return func() error { return <-errc }
}

// Plan rewrites site in the background without uploading, so the result
// can be inspected first. The returned function waits for it.
func (p *Publisher) Plan(ctx context.Context, site *Site) (wait func() (*Result, error)) {
	var (
		res *Result
		err error
	)
	done := fanout.Go(func() {
		start := time.Now()
		res, err = p.rw.Rewrite(ctx, site)
		p.planned = describe(res, time.Since(start))
	})
	return func() (*Result, error) {
		done()
		return res, err
	}
}

func (p *Publisher) upload(ctx context.Context, res *Result) error {
	_, err := fanout.Map(ctx, res.Pages, p.workers, func(ctx context.Context, pg Page) (struct{}, error) {
		return struct{}{}, p.sink.Put(ctx, pg.Path, pg.Body)
	})
	return err
}

func describe(res *Result, took time.Duration) PublishInfo {
	info := PublishInfo{Took: took}
	if res == nil {
		return info
	}
	info.Pages = len(res.Pages)
	info.Broken = len(res.Broken)
	for _, pg := range res.Pages {
		info.Bytes += len(pg.Body)
	}
	return info
}
