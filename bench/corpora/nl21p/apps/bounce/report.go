package bounce

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"example.com/corpus/trial-nl21p/internal/fanout"
)

// ErrUnknownProvider is returned by a ProviderLookup that has no answer.
var ErrUnknownProvider = errors.New("bounce: unknown provider")

// ProviderLookup maps a recipient domain to the mailbox provider that
// hosts it, for example by inspecting MX records.
type ProviderLookup interface {
	Provider(ctx context.Context, domain string) (string, error)
}

// DomainReport summarises the bounces of one recipient domain.
type DomainReport struct {
	Domain     string
	Provider   string
	Total      int
	ByCategory map[Category]int
	TopRule    string
	Suppress   int
}

// BuildReport groups verdicts by domain and builds one report per domain
// on up to workers goroutines, asking lookup for each domain's provider.
// Reports are ordered by decreasing bounce count.
func BuildReport(ctx context.Context, verdicts []Verdict, lookup ProviderLookup, workers int) ([]DomainReport, error) {
	byDomain := make(map[string][]Verdict)
	for _, v := range verdicts {
		byDomain[v.Domain] = append(byDomain[v.Domain], v)
	}
	domains := slices.Sorted(func(yield func(string) bool) {
		for d := range byDomain {
			if !yield(d) {
				return
			}
		}
	})
	ch := fanout.Stream(ctx, domains, workers, func(ctx context.Context, d string) (DomainReport, error) {
		r := summariseDomain(d, byDomain[d])
		if lookup == nil {
			return r, nil
		}
		_, err := fanout.Retry(ctx, fanout.Backoff{Attempts: 3}, func(int) error {
			p, err := lookup.Provider(ctx, d)
			if errors.Is(err, ErrUnknownProvider) {
				return fanout.Permanent(err)
			}
			r.Provider = p
			return err
		})
		if errors.Is(err, ErrUnknownProvider) {
			err = nil
		}
		return r, err
	})
	reports, err := fanout.Collect(len(domains), ch)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(reports, func(a, b DomainReport) int {
		if c := cmp.Compare(b.Total, a.Total); c != 0 {
			return c
		}
		return cmp.Compare(a.Domain, b.Domain)
	})
	return reports, nil
}

func summariseDomain(domain string, vs []Verdict) DomainReport {
	r := DomainReport{Domain: domain, Total: len(vs), ByCategory: make(map[Category]int)}
	rules := make(map[string]int)
	for _, v := range vs {
		r.ByCategory[v.Category]++
		rules[v.Rule]++
		if v.Category.Suppress() {
			r.Suppress++
		}
	}
	best := 0
	for name, n := range rules {
		if n > best || (n == best && name < r.TopRule) {
			r.TopRule, best = name, n
		}
	}
	return r
}
