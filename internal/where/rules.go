package where

import (
	"slices"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/summary"
)

// runsHere reports whether a callee with contract k and summary sum (nil
// when unknown) runs its func argument i on the caller's goroutine, or while
// the caller waits: declared sync, or neither declared nor inferred to send
// it off the owner or to it. A summary cannot see a callback stored in a
// struct (sort.Slice) or called by a returned closure (sync.OnceFunc), so
// running here is the default.
func RunsHere(k *directive.Fact, sum *summary.Summary, i int) bool {
	switch {
	case k != nil && slices.Contains(k.Sync, i):
		return true
	case k != nil && (slices.Contains(k.Async, i) || slices.Contains(k.Hop, i)):
		return false
	}
	return sum == nil || !sum.Async.Union(sum.Hop).Has(summary.ParamSource(i))
}
