package analyzer

// This file defines the analysis facts that carry directives and function
// summaries across package boundaries. Facts are gob-encoded by go vet and
// nogo, so they hold only exported, deterministic data: no maps, no
// token.Pos (positions are meaningless in another process's FileSet).

import (
	"fmt"
	"go/types"
	"strings"
)

// directiveFact records what //confined directives (or analyzer flags) say
// about a type, struct field, function, method or interface method.
type directiveFact struct {
	Owner bool // a confined type or field, or a function that must run on the owner
	Any   bool // a member of a confined type that is safe from any goroutine
	Loop  bool // the owner's loop itself
	// Receiver-inclusive argument indices of func parameters.
	Async, Hop, Sync, Inherit []int
	Inherits                  bool   // //confined:inherit was given (Inherit may be empty)
	Completes                 string // "", completesAsync or completesOwner
}

func (*directiveFact) AFact() {}

func (f *directiveFact) String() string {
	var parts []string
	flag := func(on bool, verb string) {
		if on {
			parts = append(parts, verb)
		}
	}
	flag(f.Owner, verbOwner)
	flag(f.Any, verbAny)
	flag(f.Loop, verbLoop)
	params := func(verb string, ps []int) {
		if len(ps) > 0 || (verb == verbInherit && f.Inherits) {
			parts = append(parts, fmt.Sprintf("%s%v", verb, ps))
		}
	}
	params(verbAsync, f.Async)
	params(verbHop, f.Hop)
	params(verbSync, f.Sync)
	params(verbInherit, f.Inherit)
	if f.Completes != "" {
		parts = append(parts, verbCompletes+" "+f.Completes)
	}
	return "confined:" + strings.Join(parts, ",")
}

// summaryFact exports a function's summary to the packages that call it.
type summaryFact struct {
	Summary summary
}

func (*summaryFact) AFact() {}

func (f *summaryFact) String() string { return f.Summary.String() }

// hopSinksFact lists the exported package-level functions a package
// declares as hop sinks (by directive or flag), so that fix hints can name
// them in packages that reach them only indirectly: drivers pass an object
// fact about a package-level function only to direct importers of its
// package, but package facts to every package above it.
type hopSinksFact struct {
	Sinks []hopSinkName // sorted by Name
}

// hopSinkName is a hop sink as fix hints render it.
type hopSinkName struct {
	Name    string // as funcName renders it, e.g. "actor.Hop"
	Returns bool   // it returns a value (a future to chain on)
}

func (*hopSinksFact) AFact() {}

func (f *hopSinksFact) String() string {
	var names []string
	for _, s := range f.Sinks {
		names = append(names, s.Name)
	}
	return "hop sinks: " + strings.Join(names, ", ")
}

// directives returns what directives (or facts of other packages) say about
// obj, or nil.
func (c *checker) directives(obj types.Object) *directiveFact {
	if obj == nil {
		return nil
	}
	if f, ok := c.factCache[obj]; ok {
		return f
	}
	f := c.dirs.objects[obj]
	if f == nil && obj.Pkg() != nil && obj.Pkg() != c.pass.Pkg {
		var imported directiveFact
		if c.pass.ImportObjectFact(obj, &imported) {
			f = &imported
		}
	}
	c.factCache[obj] = f
	return f
}
