package kmer

import (
	"context"
	"errors"
	"slices"
	"time"

	"example.com/corpus/trial-nl21p/internal/fanout"
)

// ErrEmpty is returned when a job is run without any records.
var ErrEmpty = errors.New("kmer: no records to count")

// Options configures a Job.
type Options struct {
	K         int
	Workers   int
	Canonical bool
	MinCount  int
	TrackGC   bool
}

// Option adjusts Options.
type Option func(*Options)

// WithK sets the k-mer length.
func WithK(k int) Option { return func(o *Options) { o.K = k } }

// WithWorkers sets the number of counting goroutines; zero means one per CPU.
func WithWorkers(n int) Option { return func(o *Options) { o.Workers = n } }

// WithCanonical counts each k-mer together with its reverse complement.
func WithCanonical() Option { return func(o *Options) { o.Canonical = true } }

// WithMinCount drops k-mers seen fewer than n times from the final profile.
func WithMinCount(n int) Option { return func(o *Options) { o.MinCount = n } }

// WithGC also measures the GC content of the input while counting.
func WithGC() Option { return func(o *Options) { o.TrackGC = true } }

// Stats describes the input and work done by a Job.
type Stats struct {
	Records   int
	Bases     int
	Windows   int
	Ambiguous int
	Distinct  int
	GC        float64
	Elapsed   time.Duration
}

// Job counts k-mers over a set of records. Records are added with Add and
// counted by Run.
type Job struct {
	opts    Options
	records []Record
	stats   Stats
}

// NewJob returns a job configured by opts. The default k is 21.
func NewJob(opts ...Option) (*Job, error) {
	o := Options{K: 21}
	for _, fn := range opts {
		fn(&o)
	}
	if o.K < 1 || o.K > MaxK {
		return nil, ErrBadK
	}
	return &Job{opts: o}, nil
}

// Options returns the job's configuration.
func (j *Job) Options() Options { return j.opts }

// Add queues records for counting.
func (j *Job) Add(recs ...Record) {
	for _, r := range recs {
		j.records = append(j.records, r)
		j.stats.Records++
		j.stats.Bases += len(r.Seq)
	}
}

// Stats returns the statistics gathered so far.
func (j *Job) Stats() Stats { return j.stats }

// Run counts every queued record and returns the merged profile.
func (j *Job) Run(ctx context.Context) (*Profile, error) {
	if len(j.records) == 0 {
		return nil, ErrEmpty
	}
	start := time.Now()
	if j.opts.TrackGC {
		go j.measureGC()
	}

	workers := fanout.Workers(j.opts.Workers, len(j.records))
	shards := make([]map[Kmer]int, workers)
	windows := make([]int, workers)
	wait := fanout.Spans(len(j.records), workers, func(w int, s fanout.Span) {
		local := make(map[Kmer]int)
		for _, rec := range j.records[s.Lo:s.Hi] {
			if ctx.Err() != nil {
				return
			}
			windows[w] += j.count(rec.Seq, local)
		}
		shards[w] = local
	})
	wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	p := mergeShards(j.opts.K, shards)
	for _, n := range windows {
		p.Windows += n
	}
	if j.opts.MinCount > 1 {
		p.Prune(j.opts.MinCount)
	}
	p.Ambiguous = j.stats.Ambiguous
	p.GC = j.stats.GC

	j.stats.Windows = p.Windows
	j.stats.Distinct = p.Distinct()
	j.stats.Elapsed = time.Since(start)
	return p, nil
}

// count adds every k-mer of seq to into and returns the number of windows.
func (j *Job) count(seq []byte, into map[Kmer]int) int {
	w := newWindow(j.opts.K)
	n := 0
	for _, b := range seq {
		c, ok := baseCode(b)
		if !ok {
			j.skipAmbiguous()
			w.reset()
			continue
		}
		if w.push(c) {
			into[w.current(j.opts.Canonical)]++
			n++
		}
	}
	return n
}

func (j *Job) skipAmbiguous() {
	j.stats.Ambiguous++ // RACY
}

func (j *Job) measureGC() {
	var gc, acgt int
	for _, r := range j.records {
		g, a := GCContent(r.Seq)
		gc += g
		acgt += a
	}
	if acgt > 0 {
		j.stats.GC = float64(gc) / float64(acgt) // RACY
	}
}

// Progress is a point-in-time view of how much input a job has received.
type Progress struct {
	Bases int
	Rate  float64
}

// Watch calls fn every interval with the amount of input added so far until
// the returned stop function is called.
func (j *Job) Watch(interval time.Duration, fn func(Progress)) (stop func()) {
	quit := make(chan struct{})
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				fn(j.progress(start))
			}
		}
	}()
	return func() {
		close(quit)
		<-done
	}
}

func (j *Job) progress(since time.Time) Progress {
	bases := j.stats.Bases // RACY
	p := Progress{Bases: bases}
	if secs := time.Since(since).Seconds(); secs > 0 {
		p.Rate = float64(bases) / secs
	}
	return p
}

// Outcome is what Start delivers.
type Outcome struct {
	Profile *Profile
	Stats   Stats
	Err     error
}

// Start counts the records queued so far on another goroutine. The job can
// keep receiving records while the count runs; they are not included.
func (j *Job) Start(ctx context.Context) <-chan Outcome {
	snap := &Job{opts: j.opts, records: slices.Clone(j.records)}
	snap.stats.Records = j.stats.Records
	snap.stats.Bases = j.stats.Bases
	out := make(chan Outcome, 1)
	go func() {
		p, err := snap.Run(ctx)
		out <- Outcome{Profile: p, Stats: snap.stats, Err: err}
	}()
	return out
}

// Summarize computes per-record statistics on up to workers goroutines
// together with the overall GC content.
func Summarize(ctx context.Context, recs []Record, workers int) ([]SeqStats, float64, error) {
	var gc, acgt int
	waitGC := fanout.Go(func() {
		for _, r := range recs {
			g, a := GCContent(r.Seq)
			gc += g
			acgt += a
		}
	})
	stats, err := fanout.Map(ctx, recs, workers, func(_ context.Context, r Record) (SeqStats, error) {
		return seqStats(r), nil
	})
	waitGC()
	if err != nil {
		return nil, 0, err
	}
	frac := 0.0
	if acgt > 0 {
		frac = float64(gc) / float64(acgt)
	}
	return stats, frac, nil
}
