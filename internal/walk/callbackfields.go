package walk

import (
	"golang.org/x/tools/go/ssa"
)

// enclosing is the declared function fn is, or is a literal of.
func enclosing(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}
