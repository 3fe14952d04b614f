package model

// This file defines the analysis facts that carry directives and function
// summaries across package boundaries. Facts are gob-encoded by go vet and
// nogo, so they hold only exported, deterministic data: no maps, no
// token.Pos (positions are meaningless in another process's FileSet).

import (
	"cmp"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/names"
)

// An EntryFact on a field of this package holding funcs says that the
// package calls the funcs stored there off the owner: an importer storing
// a func in it (a generated service's handler in a MethodDesc) sends that
// func off the owner.
//
// An EntryFact marks an interface method of this package that the package
// calls from code that runs off the owner (a server's connection
// goroutine calling the service it was given): the implementations other
// packages provide are entry points there, an inferred
// //confined:offowner.
type EntryFact struct {
	By string // the off-owner function that calls it, as flow.Name renders it
}

func (*EntryFact) AFact() {}

func (f *EntryFact) String() string { return "entry point, called off the owner by " + f.By }

// exportEntryFacts publishes an EntryFact on each method of an exported
// interface of this package that invoked calls, by method, from off-owner
// code (see exportedInterface), unless
// a directive says where it runs: calling a confined or owner-only method
// off the owner is a finding of its own, and a hop, async, sync or :any
// method is meant to be called from anywhere.
func (m *Model) ExportEntryFacts(invoked map[*types.Func]string) {
	for _, method := range slices.SortedFunc(maps.Keys(invoked), func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		if method.Pkg() != m.pass.Pkg || !ExportedInterface(method) {
			continue
		}
		k := m.Contract(method)
		if k.Owner || k.Any || k.OffOwner || len(k.Hop)+len(k.Async)+len(k.Sync) > 0 || m.ConfinedMethod(method) {
			continue
		}
		m.pass.ExportObjectFact(method, &EntryFact{By: invoked[method]})
	}
}

// exportedInterface reports whether method belongs to an exported named
// interface: one that other packages implement on purpose. Any type with
// a Write method implements an unexported interface{ Write([]byte) (int,
// error) } too, without ever being handed to the package that calls it.
func ExportedInterface(method *types.Func) bool {
	named := names.DerefNamed(method.Signature().Recv().Type())
	return named != nil && named.Obj().Exported()
}

// exportFieldFacts publishes an EntryFact on each exported field of this
// package whose funcs code off the owner calls, with a caller of each.
func (m *Model) ExportFieldFacts(called map[*types.Var]string) {
	for _, f := range slices.SortedFunc(maps.Keys(called), func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		if f.Pkg() == m.pass.Pkg && f.Exported() {
			m.pass.ExportObjectFact(f, &EntryFact{By: called[f]})
		}
	}
}

// importedOffOwnerField reports whether the package of f, another one,
// calls the funcs stored in f off the owner, and names the code that does.
func (m *Model) ImportedOffOwnerField(f *types.Var) (by string, ok bool) {
	f = f.Origin()
	if f.Pkg() == nil || f.Pkg() == m.pass.Pkg {
		return "", false
	}
	var fact EntryFact
	if !m.pass.ImportObjectFact(f, &fact) {
		return "", false
	}
	return fact.By, true
}

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
	f := m.Declared.Objects[obj]
	if f == nil {
		f = m.sourceDirectives(obj)
	}
	m.factCache[obj] = f
	return f
}

// sourceDirectives returns what the doc comments of obj's package say
// about it, or nil.
func (m *Model) sourceDirectives(obj types.Object) *directive.Fact {
	return directive.SourceFact(m.pass, m.Dirs, obj)
}
