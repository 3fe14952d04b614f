package analyzer

// This file defines the analysis facts that carry directives and function
// summaries across package boundaries. Facts are gob-encoded by go vet and
// nogo, so they hold only exported, deterministic data: no maps, no
// token.Pos (positions are meaningless in another process's FileSet).

import (
	"go/types"
	"strings"
)

// summaryFact exports a function's summary to the packages that call it.
type summaryFact struct {
	Summary Summary
}

func (*summaryFact) AFact() {}

func (f *summaryFact) String() string { return f.Summary.String() }

// hopSinksFact lists the exported package-level functions a package and
// its dependencies declare as hop sinks, so that fix hints can name them in
// packages that reach them only indirectly: drivers pass an object fact
// about a package-level function only to direct importers of its package,
// and go vet passes package facts only to direct importers too, so each
// package passes on what it received.
type hopSinksFact struct {
	Sinks []hopSinkName // sorted by Name
}

func (*hopSinksFact) AFact() {}

func (f *hopSinksFact) String() string {
	var names []string
	for _, s := range f.Sinks {
		names = append(names, s.Name)
	}
	return "hop sinks: " + strings.Join(names, ", ")
}

// directives returns what directives, declarations and facts of other
// packages say about obj, or nil.
func (c *Engine) directives(obj types.Object) *directiveFact {
	if obj == nil {
		return nil
	}
	if f, ok := c.factCache[obj]; ok {
		return f
	}
	f := c.declared.objects[obj]
	if f == nil {
		f = c.sourceDirectives(obj)
	}
	c.factCache[obj] = f
	return f
}

// sourceDirectives returns what the doc comments of obj's package say
// about it, or nil.
func (c *Engine) sourceDirectives(obj types.Object) *directiveFact {
	if f := c.dirs.objects[obj]; f != nil || obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg {
		return f
	}
	var imported directiveFact
	if c.pass.ImportObjectFact(obj, &imported) {
		return &imported
	}
	return nil
}
