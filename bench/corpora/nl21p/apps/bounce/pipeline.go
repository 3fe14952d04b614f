package bounce

import (
	"context"
	"errors"
	"maps"
	"sync"
	"sync/atomic"

	"example.com/corpus/trial-nl21p/internal/fanout"
)

// Stats accumulates counters while a Pipeline runs.
type Stats struct {
	mu         sync.Mutex
	byCategory map[Category]int
	byDomain   map[string]int

	processed atomic.Int64
	ignored   atomic.Int64
	malformed int
}

func (s *Stats) record(v Verdict) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byCategory == nil {
		s.byCategory = make(map[Category]int)
		s.byDomain = make(map[string]int)
	}
	s.byCategory[v.Category]++
	if v.Domain != "" {
		s.byDomain[v.Domain]++
	}
}

func (s *Stats) noteMalformed() {
	s.malformed++ // RACY
}

// Summary is a copy of the counters in Stats.
type Summary struct {
	Processed  int
	Ignored    int
	Malformed  int
	ByCategory map[Category]int
	ByDomain   map[string]int
}

// Summary copies the current counters.
func (s *Stats) Summary() Summary {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Summary{
		Processed:  int(s.processed.Load()),
		Ignored:    int(s.ignored.Load()),
		Malformed:  s.malformed,
		ByCategory: maps.Clone(s.byCategory),
		ByDomain:   maps.Clone(s.byDomain),
	}
}

// Pipeline parses and classifies batches of raw messages.
type Pipeline struct {
	cls     *Classifier
	workers int
	keep    func(Verdict) bool
	stats   Stats
}

// PipelineOption configures a Pipeline.
type PipelineOption func(*Pipeline)

// WithWorkers sets the number of goroutines used per batch.
func WithWorkers(n int) PipelineOption { return func(p *Pipeline) { p.workers = n } }

// WithFilter drops verdicts for which keep returns false.
func WithFilter(keep func(Verdict) bool) PipelineOption {
	return func(p *Pipeline) { p.keep = keep }
}

// NewPipeline returns a pipeline that classifies with cls.
func NewPipeline(cls *Classifier, opts ...PipelineOption) *Pipeline {
	p := &Pipeline{cls: cls}
	for _, o := range opts {
		o(p)
	}
	return p
}

// Stats exposes the pipeline's counters.
func (p *Pipeline) Stats() *Stats { return &p.stats }

// Run classifies every message in raws. Messages that are not bounces or
// cannot be parsed are counted and skipped; the verdicts of the rest are
// returned in input order.
func (p *Pipeline) Run(ctx context.Context, raws [][]byte) ([]Verdict, error) {
	p.cls.rules()
	verdicts := make([]Verdict, len(raws))
	found := make([]bool, len(raws))
	wait := fanout.Spans(len(raws), p.workers, func(_ int, s fanout.Span) {
		for i := s.Lo; i < s.Hi; i++ {
			if ctx.Err() != nil {
				return
			}
			v, ok := p.classifyOne(raws[i])
			verdicts[i], found[i] = v, ok
		}
	})
	wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := verdicts[:0]
	for i, v := range verdicts {
		if found[i] {
			out = append(out, v)
		}
	}
	return out, nil
}

func (p *Pipeline) classifyOne(raw []byte) (Verdict, bool) {
	p.stats.processed.Add(1)
	m, err := Parse(raw)
	switch {
	case errors.Is(err, ErrNotBounce):
		p.stats.ignored.Add(1)
		return Verdict{}, false
	case err != nil:
		p.stats.noteMalformed()
		return Verdict{}, false
	}
	v := p.cls.Classify(m)
	if p.keep != nil && !p.keep(v) {
		p.stats.ignored.Add(1)
		return Verdict{}, false
	}
	p.stats.record(v)
	return v, true
}
