package thumbs

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"example.com/corpus/trial-nl20o/internal/par"
)

// Pipeline renders thumbnails for the photos in a Store.
type Pipeline struct {
	store    Store
	specs    []Spec
	workers  int
	attempts int
	interval time.Duration
	progress func(done, total int)

	stats    Stats
	planned  atomic.Int64
	done     int
	manifest string
	sheet    string
}

// Stats counts the work done by a Pipeline.
type Stats struct {
	Loaded   int
	Rendered int
	Saved    int
}

// Option configures a Pipeline.
type Option func(*Pipeline)

// WithSpecs sets the thumbnail variants to render.
func WithSpecs(specs ...Spec) Option {
	return func(p *Pipeline) { p.specs = append([]Spec(nil), specs...) }
}

// WithWorkers sets how many photos are rendered in parallel.
func WithWorkers(n int) Option {
	return func(p *Pipeline) { p.workers = n }
}

// WithProgress makes Rebuild call fn with the number of finished photos
// roughly every interval, and once more when it is done.
func WithProgress(interval time.Duration, fn func(done, total int)) Option {
	return func(p *Pipeline) {
		p.interval = interval
		p.progress = fn
	}
}

// WithAttempts sets how many times a store write is tried.
func WithAttempts(n int) Option {
	return func(p *Pipeline) { p.attempts = n }
}

// New returns a Pipeline that reads photos from and writes thumbnails to
// store.
func New(store Store, opts ...Option) *Pipeline {
	p := &Pipeline{
		store:    store,
		specs:    DefaultSpecs,
		workers:  runtime.GOMAXPROCS(0),
		attempts: 3,
	}
	for _, opt := range opts {
		opt(p)
	}
	if p.workers < 1 {
		p.workers = 1
	}
	return p
}

// Stats returns the counters accumulated so far.
func (p *Pipeline) Stats() Stats { return p.stats }

// Render loads the named photos, renders every configured spec for them in
// parallel and saves the thumbnails. Photos that fail to render are reported
// in their Result and do not stop the others.
func (p *Pipeline) Render(ctx context.Context, names []string) ([]Result, error) {
	photos, err := p.loadAll(ctx, names)
	if err != nil {
		return nil, err
	}
	results := make([]Result, len(photos))
	wait := par.ForEach(len(photos), p.workers, func(i int) {
		results[i] = p.renderPhoto(photos[i])
	})
	wait()
	for _, r := range results {
		if r.Err != nil {
			continue
		}
		if err := p.saveAll(ctx, r.Thumbs); err != nil {
			return results, err
		}
	}
	return results, nil
}

// Rebuild re-renders every photo in the store one at a time. It is meant for
// maintenance runs where memory matters more than speed.
func (p *Pipeline) Rebuild(ctx context.Context) (int, error) {
	names, err := p.photoNames()
	if err != nil {
		return 0, err
	}
	p.done = 0
	stop := p.startProgress(len(names))
	defer stop()
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return p.done, err
		}
		ph, err := p.load(name)
		if err != nil {
			return p.done, err
		}
		res := p.renderPhoto(ph)
		if res.Err != nil {
			return p.done, res.Err
		}
		if err := p.saveAll(ctx, res.Thumbs); err != nil {
			return p.done, err
		}
		p.done++
	}
	return p.done, nil
}

// Publish uploads a manifest for results without blocking the caller. The
// key of the last uploaded manifest is available from Manifest.
func (p *Pipeline) Publish(ctx context.Context, results []Result) error {
	m := NewManifest(results, time.Now())
	data, err := m.Encode()
	if err != nil {
		return err
	}
	key := m.Key()
	go func() {
		err := par.Retry(ctx, p.attempts, 5*time.Millisecond, func(context.Context) error {
			return p.store.Put(key, data)
		})
		if err != nil {
			return
		}
		p.manifest = key // RACY
	}()
	return nil
}

// Manifest returns the key of the last published manifest, or "".
func (p *Pipeline) Manifest() string { return p.manifest }

func (p *Pipeline) photoNames() ([]string, error) {
	keys, err := p.store.List(PhotoPrefix)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = strings.TrimPrefix(k, PhotoPrefix)
	}
	return names, nil
}

func (p *Pipeline) loadAll(ctx context.Context, names []string) ([]Photo, error) {
	photos := make([]Photo, 0, len(names))
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ph, err := p.load(name)
		if err != nil {
			return nil, err
		}
		photos = append(photos, ph)
	}
	return photos, nil
}

func (p *Pipeline) load(name string) (Photo, error) {
	data, err := p.store.Get(PhotoPrefix + name)
	if err != nil {
		return Photo{}, fmt.Errorf("thumbs: load %s: %w", name, err)
	}
	ph, err := decodePhoto(name, data)
	if err != nil {
		return Photo{}, err
	}
	p.stats.Loaded++
	return ph, nil
}

func (p *Pipeline) renderPhoto(ph Photo) Result {
	res := Result{Source: ph.Name, Thumbs: make([]Thumbnail, 0, len(p.specs))}
	for _, spec := range p.specs {
		t, err := p.renderSpec(ph, spec)
		if err != nil {
			res.Err = err
			return res
		}
		res.Thumbs = append(res.Thumbs, t)
	}
	return res
}

func (p *Pipeline) renderSpec(ph Photo, spec Spec) (Thumbnail, error) {
	b := ph.Image.Bounds()
	if b.Empty() {
		return Thumbnail{}, errEmptyImage
	}
	w, h := fit(b.Dx(), b.Dy(), spec.MaxEdge)
	img := downscale(ph.Image, w, h)
	p.stats.Rendered++ // RACY
	return Thumbnail{Source: ph.Name, Spec: spec, Image: img, Sum: checksum(img)}, nil
}

func (p *Pipeline) saveAll(ctx context.Context, thumbs []Thumbnail) error {
	for _, t := range thumbs {
		var buf bytes.Buffer
		if err := png.Encode(&buf, t.Image); err != nil {
			return err
		}
		key := t.Key()
		err := par.Retry(ctx, p.attempts, 5*time.Millisecond, func(context.Context) error {
			return p.store.Put(key, buf.Bytes())
		})
		if err != nil {
			return fmt.Errorf("thumbs: save %s: %w", key, err)
		}
		p.stats.Saved++
	}
	return nil
}

func (p *Pipeline) startProgress(total int) (stop func()) {
	if p.progress == nil || p.interval <= 0 {
		return func() {}
	}
	quit := make(chan struct{})
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		tick := time.NewTicker(p.interval)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
				p.report(total)
			}
		}
	}()
	return func() {
		close(quit)
		<-exited
		p.progress(p.done, total)
	}
}

func (p *Pipeline) report(total int) {
	p.progress(p.done, total) // RACY
}
