package engine

// This file defines the analysis facts that carry directives and function
// summaries across package boundaries. Facts are gob-encoded by go vet and
// nogo, so they hold only exported, deterministic data: no maps, no
// token.Pos (positions are meaningless in another process's FileSet).

import (
	"go/types"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
)

// summaryFact exports a function's summary to the packages that call it.
type SummaryFact struct {
	Summary Summary
}

func (*SummaryFact) AFact() {}

func (f *SummaryFact) String() string { return f.Summary.String() }

// hopSinksFact lists the exported package-level functions a package and
// its dependencies declare as hop sinks, so that fix hints can name them in
// packages that reach them only indirectly: drivers pass an object fact
// about a package-level function only to direct importers of its package,
// and go vet passes package facts only to direct importers too, so each
// package passes on what it received.
type HopSinksFact struct {
	Sinks []fix.HopSink // sorted by Name
}

func (*HopSinksFact) AFact() {}

func (f *HopSinksFact) String() string {
	var names []string
	for _, s := range f.Sinks {
		names = append(names, s.Name)
	}
	return "hop sinks: " + strings.Join(names, ", ")
}

// Directives returns what directives, declarations and facts of other
// packages say about obj, or nil.
func (m *Model) Directives(obj types.Object) *directive.Fact {
	if obj == nil {
		return nil
	}
	if f, ok := m.factCache[obj]; ok {
		return f
	}
	f := m.declared.Objects[obj]
	if f == nil {
		f = m.sourceDirectives(obj)
	}
	m.factCache[obj] = f
	return f
}

// sourceDirectives returns what the doc comments of obj's package say
// about it, or nil.
func (m *Model) sourceDirectives(obj types.Object) *directive.Fact {
	return directive.SourceFact(m.pass, m.dirs, obj)
}
