package zonelint

import (
	"context"
	"errors"
	"slices"
	"strings"

	"example.com/corpus/trial-nl22q/internal/par"
)

// ErrNoResolver is returned by checks that need a resolver when none is set.
var ErrNoResolver = errors.New("zonelint: no resolver configured")

// DelegationResult compares the NS set a zone lists for a child with the
// set the child's servers answer with.
type DelegationResult struct {
	Child  string
	Listed []string
	Served []string
	Err    error
}

// Consistent reports whether both NS sets are equal.
func (r DelegationResult) Consistent() bool {
	return r.Err == nil && sameSet(r.Listed, r.Served)
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x := normalised(a)
	y := normalised(b)
	return slices.Equal(x, y)
}

func normalised(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = Canonical(n)
	}
	slices.Sort(out)
	return out
}

// CheckDelegations queries every delegated child of z and compares the
// answers with the NS records in z.
func (l *Linter) CheckDelegations(ctx context.Context, z *Zone) []DelegationResult {
	children := z.Delegations()
	out := make([]DelegationResult, len(children))
	if l.resolver == nil {
		for i, c := range children {
			out[i] = DelegationResult{Child: c, Err: ErrNoResolver}
		}
		return out
	}
	wait := par.ForEach(children, l.workers, func(i int, child string) {
		served, err := l.lookup(ctx, child)
		out[i] = DelegationResult{Child: child, Listed: z.NameServers(child), Served: served, Err: err}
	})
	wait()
	return out
}

func (l *Linter) lookup(ctx context.Context, name string) ([]string, error) {
	var ns []string
	err := par.Retry(ctx, l.attempts, l.backoff, func(int) error {
		l.lookups++ // RACY
		var err error
		ns, err = l.resolver.LookupNS(ctx, name)
		return err
	})
	return ns, err
}

// FetchParent starts asking the parent zone for the delegation of z's apex.
// ParentFindings compares the answer with the apex NS records.
func (l *Linter) FetchParent(ctx context.Context, z *Zone) {
	if l.resolver == nil {
		l.parent = delegation{err: ErrNoResolver}
		return
	}
	go func() {
		ns, err := l.resolver.LookupNS(ctx, parentName(z.Origin))
		l.parent = delegation{servers: ns, err: err} // RACY
	}()
}

// ParentFindings reports differences between the parent's delegation, as
// fetched by FetchParent, and the apex NS set of z.
func (l *Linter) ParentFindings(z *Zone) []Finding {
	return compareParent(z, l.parent.servers, l.parent.err)
}

// ParentCheck is an in-flight comparison against the parent delegation.
type ParentCheck struct {
	zone    *Zone
	done    <-chan struct{}
	servers []string
	err     error
}

// StartParentCheck begins fetching the parent's delegation for z.
func (l *Linter) StartParentCheck(ctx context.Context, z *Zone) *ParentCheck {
	pc := &ParentCheck{zone: z}
	if l.resolver == nil {
		pc.err = ErrNoResolver
		closed := make(chan struct{})
		close(closed)
		pc.done = closed
		return pc
	}
	resolver := l.resolver
	pc.done = par.Go(func() {
		pc.servers, pc.err = resolver.LookupNS(ctx, parentName(z.Origin))
	})
	return pc
}

// Findings waits for the lookup and reports any differences.
func (pc *ParentCheck) Findings() []Finding {
	<-pc.done
	return compareParent(pc.zone, pc.servers, pc.err)
}

func compareParent(z *Zone, servers []string, err error) []Finding {
	apex := Record{Name: z.Origin, Type: "NS"}
	if soa, ok := z.SOA(); ok {
		apex.Line = soa.Line
	}
	if err != nil {
		return []Finding{finding("parent-delegation", Warning, apex, "parent lookup failed: "+err.Error())}
	}
	listed := z.NameServers(z.Origin)
	if len(servers) == 0 {
		return []Finding{finding("parent-delegation", Error, apex, "parent has no delegation")}
	}
	if !sameSet(listed, servers) {
		return []Finding{finding("parent-delegation", Error, apex,
			"apex lists "+strings.Join(normalised(listed), ",")+" but parent delegates to "+strings.Join(normalised(servers), ","))}
	}
	return nil
}

// parentName returns the delegation point of name as seen from its parent:
// the name itself, qualified with a marker the resolver understands.
func parentName(name string) string {
	return "parent:" + Canonical(name)
}
