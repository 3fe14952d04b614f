package zonelint

import (
	"context"
	"slices"
	"sync/atomic"
	"time"

	"example.com/corpus/trial-nl22q/internal/par"
)

// Resolver answers NS queries. Implementations talk to the parent or child
// zone's authoritative servers.
type Resolver interface {
	LookupNS(ctx context.Context, name string) ([]string, error)
}

// Progress is passed to the progress callback while a zone is linted.
type Progress struct {
	Done  int
	Total int
}

// Option configures a Linter.
type Option func(*Linter)

// WithRules replaces the default rule set.
func WithRules(rules ...Rule) Option {
	return func(l *Linter) { l.rules = rules }
}

// WithWorkers sets how many goroutines check records in parallel.
func WithWorkers(n int) Option {
	return func(l *Linter) { l.workers = n }
}

// WithResolver sets the resolver used for delegation checks.
func WithResolver(r Resolver) Option {
	return func(l *Linter) { l.resolver = r }
}

// WithRetries sets how often a failing lookup is attempted.
func WithRetries(attempts int, backoff time.Duration) Option {
	return func(l *Linter) { l.attempts, l.backoff = attempts, backoff }
}

// WithProgress makes long-running lint calls report progress every interval.
func WithProgress(every time.Duration, fn func(Progress)) Option {
	return func(l *Linter) { l.every, l.progress = every, fn }
}

// Linter checks zones against a set of rules.
type Linter struct {
	rules    []Rule
	workers  int
	resolver Resolver
	attempts int
	backoff  time.Duration
	every    time.Duration
	progress func(Progress)

	findings []Finding
	lookups  int
	parent   delegation
	pos      int
	checked  atomic.Int64
}

type delegation struct {
	servers []string
	err     error
}

// New returns a Linter with the default rules.
func New(opts ...Option) *Linter {
	l := &Linter{
		rules:    DefaultRules(),
		workers:  4,
		attempts: 1,
		backoff:  10 * time.Millisecond,
	}
	for _, o := range opts {
		o(l)
	}
	return l
}

func (l *Linter) check(z *Zone, rec Record) []Finding {
	var out []Finding
	for _, r := range l.rules {
		out = append(out, r.Check(z, rec)...)
	}
	return out
}

// Lint checks every record of z in parallel and returns a report.
func (l *Linter) Lint(z *Zone) *Report {
	l.checked.Store(0)
	stop := make(chan struct{})
	var done <-chan struct{}
	if l.progress != nil {
		total := len(z.Records)
		done = par.Go(func() { l.tick(stop, func() Progress { return Progress{Done: int(l.checked.Load()), Total: total} }) })
	}
	per := par.Map(z.Records, l.workers, func(rec Record) []Finding {
		defer l.checked.Add(1)
		return l.check(z, rec)
	})
	close(stop)
	if done != nil {
		<-done
	}
	return newReport(z.Origin, slices.Concat(per...))
}

// Stream checks records in parallel and delivers findings as they are made.
func (l *Linter) Stream(ctx context.Context, z *Zone) <-chan []Finding {
	return par.Stream(ctx, z.Records, l.workers, func(_ context.Context, rec Record) []Finding {
		return l.check(z, rec)
	})
}

// Walk checks records one after another in file order and hands each
// record's findings to visit.
func (l *Linter) Walk(z *Zone, visit func(Record, []Finding)) {
	stop := make(chan struct{})
	var done <-chan struct{}
	if l.progress != nil {
		total := len(z.Records)
		done = par.Go(func() { l.tick(stop, func() Progress { return l.walkProgress(total) }) })
	}
	for i, rec := range z.Records {
		l.pos = i
		visit(rec, l.check(z, rec))
	}
	l.pos = len(z.Records)
	close(stop)
	if done != nil {
		<-done
	}
}

func (l *Linter) walkProgress(total int) Progress {
	return Progress{Done: l.pos, Total: total} // RACY
}

func (l *Linter) tick(stop <-chan struct{}, snapshot func() Progress) {
	t := time.NewTicker(l.every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			l.progress(snapshot())
		}
	}
}

// Collect lints z and adds its findings to those gathered from earlier
// zones. Use Findings to retrieve them.
func (l *Linter) Collect(z *Zone) {
	wait := par.ForEach(z.Records, l.workers, func(_ int, rec Record) {
		for _, f := range l.check(z, rec) {
			l.add(f)
		}
	})
	wait()
}

func (l *Linter) add(f Finding) {
	l.findings = append(l.findings, f) // RACY
}

// Findings returns everything gathered by Collect, ordered by line.
func (l *Linter) Findings() []Finding {
	out := slices.Clone(l.findings)
	sortFindings(out)
	return out
}

// Lookups reports how many NS queries the linter has sent.
func (l *Linter) Lookups() int { return l.lookups }
