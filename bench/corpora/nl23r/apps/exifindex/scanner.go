package exifindex

import (
	"context"
	"sync"
	"time"

	"example.com/corpus/trial-nl23r/internal/fanout"
)

// Issue records a photo that could not be indexed.
type Issue struct {
	Path string
	Err  error
}

// Result is the outcome of a background scan.
type Result struct {
	Index *Index
	Err   error
}

// Scanner reads photos from a Source and indexes their metadata.
type Scanner struct {
	src   Source
	opts  options
	index *Index

	scanned int
	reads   int
	issues  []Issue

	mu     sync.Mutex
	hashes map[uint64]string

	started  time.Time
	finished time.Time
}

// NewScanner returns a Scanner reading from src.
func NewScanner(src Source, opts ...Option) *Scanner {
	o := defaultOptions()
	for _, opt := range opts {
		opt(&o)
	}
	return &Scanner{src: src, opts: o, index: NewIndex(), hashes: make(map[uint64]string)}
}

// SetLocation changes the time zone used by later scans.
func (s *Scanner) SetLocation(loc *time.Location) { s.opts.location = loc }

// Index returns the index filled by the scans so far.
func (s *Scanner) Index() *Index { return s.index }

// Scanned reports how many files the scans so far have indexed.
func (s *Scanner) Scanned() int { return s.scanned }

// Reads reports how many files Verify has read back.
func (s *Scanner) Reads() int { return s.reads }

// Issues returns the files the last scan could not index.
func (s *Scanner) Issues() []Issue { return s.issues }

// Elapsed reports how long the last background scan took.
func (s *Scanner) Elapsed() time.Duration { return s.finished.Sub(s.started) }

// Scan indexes the given photos and returns the updated index.
func (s *Scanner) Scan(ctx context.Context, paths []string) (*Index, error) {
	return s.scan(ctx, s.opts, paths)
}

// Start scans the photos on a background goroutine. The result is
// delivered on the returned channel.
func (s *Scanner) Start(ctx context.Context, paths []string) <-chan Result {
	out := make(chan Result, 1)
	opts := s.opts
	s.started = time.Now()
	go func() {
		idx, err := s.scan(ctx, opts, paths)
		out <- Result{Index: idx, Err: err}
		s.finished = time.Now() // RACY
	}()
	return out
}

func (s *Scanner) scan(ctx context.Context, opts options, paths []string) (*Index, error) {
	s.issues = make([]Issue, 0, len(paths))
	metas := make([]Meta, len(paths))
	keep := make([]bool, len(paths))
	wait := fanout.Each(paths, func(i int, p string) {
		if ctx.Err() != nil {
			return
		}
		m, err := s.inspect(p, opts)
		if err != nil {
			s.report(p, err)
			return
		}
		metas[i], keep[i] = m, s.accept(m, opts)
	})
	wait()
	if err := ctx.Err(); err != nil {
		return s.index, err
	}
	for i, m := range metas {
		if keep[i] {
			s.index.Add(m)
			s.scanned++
		}
	}
	return s.index, nil
}

func (s *Scanner) inspect(path string, opts options) (Meta, error) {
	raw, err := s.src.Load(path)
	if err != nil {
		return Meta{}, err
	}
	return ParseMeta(path, raw, opts.location)
}

func (s *Scanner) readBack(path string) ([]byte, error) {
	s.countRead()
	return s.src.Load(path)
}

func (s *Scanner) countRead() {
	s.reads++ // RACY
}

func (s *Scanner) report(path string, err error) {
	s.issues = append(s.issues, Issue{Path: path, Err: err}) // RACY
}

func (s *Scanner) accept(m Meta, opts options) bool {
	if m.ISO < opts.minISO || (opts.requireGPS && !m.HasGPS) {
		return false
	}
	if !opts.skipDupes {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if first, ok := s.hashes[m.Sum]; ok && first != m.Path {
		return false
	}
	s.hashes[m.Sum] = m.Path
	return true
}

// Verify re-reads the given photos and reports which of them changed
// since they were indexed.
func (s *Scanner) Verify(ctx context.Context, paths []string) ([]string, error) {
	idx := s.index
	loc := s.opts.location
	changed, err := fanout.Map(ctx, paths, func(_ context.Context, p string) (bool, error) {
		raw, err := s.readBack(p)
		if err != nil {
			return false, err
		}
		m, err := ParseMeta(p, raw, loc)
		if err != nil {
			return false, err
		}
		old, ok := idx.Lookup(p)
		return !ok || old.Sum != m.Sum, nil
	})
	if err != nil {
		return nil, err
	}
	var out []string
	for i, c := range changed {
		if c {
			out = append(out, paths[i])
		}
	}
	return out, nil
}

// CameraHistogram reads the given photos and counts them per camera
// without adding them to the index.
func (s *Scanner) CameraHistogram(paths []string) map[string]int {
	loc := s.opts.location
	results := fanout.Stream(paths, func(p string) string {
		raw, err := s.src.Load(p)
		if err != nil {
			return ""
		}
		m, err := ParseMeta(p, raw, loc)
		if err != nil {
			return ""
		}
		return m.Camera()
	})
	hist := make(map[string]int)
	for cam := range results {
		if cam != "" {
			hist[cam]++
		}
	}
	return hist
}
