package licenses

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"example.com/corpus/trial-nl20o/internal/par"
)

// Auditor checks dependencies against a policy using license information
// from a Registry.
type Auditor struct {
	registry Registry
	policies PolicySource
	limit    int
	attempts int
	backoff  time.Duration

	policyOnce sync.Once
	policy     Policy
	policyErr  error

	stats auditStats
}

type auditStats struct {
	mu        sync.Mutex
	byLicense map[string]int
	unknown   []string
	lookups   atomic.Int64
	audited   int
}

// Stats summarises the work an Auditor has done.
type Stats struct {
	Audited   int
	Lookups   int64
	ByLicense map[string]int
	Unknown   []string
}

// Option configures an Auditor.
type Option func(*Auditor)

// WithConcurrency sets how many registry lookups run at once.
func WithConcurrency(n int) Option {
	return func(a *Auditor) { a.limit = n }
}

// WithRetry sets how often a failing registry lookup is tried and the
// initial delay between tries.
func WithRetry(attempts int, backoff time.Duration) Option {
	return func(a *Auditor) {
		a.attempts = attempts
		a.backoff = backoff
	}
}

// NewAuditor returns an Auditor that looks licenses up in reg and checks
// them against the policy from policies.
func NewAuditor(reg Registry, policies PolicySource, opts ...Option) *Auditor {
	a := &Auditor{
		registry: reg,
		policies: policies,
		limit:    8,
		attempts: 3,
		backoff:  10 * time.Millisecond,
		stats:    auditStats{byLicense: make(map[string]int)},
	}
	for _, opt := range opts {
		opt(a)
	}
	return a
}

// Preload starts fetching the policy in the background so that the first
// audit does not have to wait for it.
func (a *Auditor) Preload(ctx context.Context) {
	go a.policyOnce.Do(func() { a.loadPolicy(ctx) })
}

// Policy returns the policy, fetching it on first use.
func (a *Auditor) Policy(ctx context.Context) (Policy, error) {
	a.policyOnce.Do(func() { a.loadPolicy(ctx) })
	return a.policy, a.policyErr
}

// PolicyName returns the name of the loaded policy, or "" while none is
// loaded.
func (a *Auditor) PolicyName() string { return a.policy.Name }

func (a *Auditor) loadPolicy(ctx context.Context) {
	pol, err := a.policies.Fetch(ctx)
	if err != nil {
		a.policyErr = fmt.Errorf("licenses: fetch policy: %w", err)
		return
	}
	a.policy = pol // RACY
}

// Audit looks up and evaluates every dependency and returns the report in
// the order of deps. It fails only if the policy or a registry is
// unavailable; unknown licenses end up in the report for review.
func (a *Auditor) Audit(ctx context.Context, deps []Dependency) (*Report, error) {
	pol, err := a.Policy(ctx)
	if err != nil {
		return nil, err
	}
	entries := make([]Entry, len(deps))
	g, gctx := par.WithContext(ctx)
	g.SetLimit(a.limit)
	for i, dep := range deps {
		g.Go(func() error {
			e, err := a.auditOne(gctx, pol, dep)
			if err != nil {
				return err
			}
			entries[i] = e
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return &Report{Policy: pol.Name, Generated: time.Now(), Entries: entries}, nil
}

// Check evaluates deps like Audit but delivers each entry as soon as it is
// known, in completion order. Lookup failures are reported as entries
// needing review.
func (a *Auditor) Check(ctx context.Context, deps []Dependency) (<-chan Entry, error) {
	pol, err := a.Policy(ctx)
	if err != nil {
		return nil, err
	}
	return par.Stream(ctx, deps, a.limit, func(ctx context.Context, dep Dependency) Entry {
		e, err := a.evaluate(ctx, pol, dep)
		if err != nil {
			return Entry{Dependency: dep, Verdict: Review, Reason: err.Error()}
		}
		return e
	}), nil
}

// Stats returns a copy of the auditor's counters.
func (a *Auditor) Stats() Stats {
	a.stats.mu.Lock()
	defer a.stats.mu.Unlock()
	return Stats{
		Audited:   a.stats.audited,
		Lookups:   a.stats.lookups.Load(),
		ByLicense: maps.Clone(a.stats.byLicense),
		Unknown:   slices.Clone(a.stats.unknown),
	}
}

func (a *Auditor) auditOne(ctx context.Context, pol Policy, dep Dependency) (Entry, error) {
	a.stats.audited++ // RACY
	return a.evaluate(ctx, pol, dep)
}

func (a *Auditor) evaluate(ctx context.Context, pol Policy, dep Dependency) (Entry, error) {
	expr, err := a.lookup(ctx, dep)
	switch {
	case errors.Is(err, ErrUnknown):
		a.stats.noteUnknown(dep)
	case err != nil:
		return Entry{}, fmt.Errorf("licenses: %s: %w", dep, err)
	default:
		a.stats.noteLicense(expr)
	}
	v, reason := pol.Evaluate(dep, expr)
	return Entry{Dependency: dep, License: expr, Verdict: v, Reason: reason}, nil
}

func (a *Auditor) lookup(ctx context.Context, dep Dependency) (string, error) {
	var expr string
	err := par.Retry(ctx, a.attempts, a.backoff, func(ctx context.Context) error {
		a.stats.lookups.Add(1)
		l, err := a.registry.License(ctx, dep)
		if errors.Is(err, ErrUnknown) {
			return par.Permanent(err)
		}
		expr = l
		return err
	})
	return expr, err
}

func (s *auditStats) noteLicense(expr string) {
	s.mu.Lock()
	s.byLicense[expr]++
	s.mu.Unlock()
}

func (s *auditStats) noteUnknown(dep Dependency) {
	s.mu.Lock()
	s.unknown = append(s.unknown, dep.String())
	s.mu.Unlock()
}
