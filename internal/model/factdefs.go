package model

// This file defines the analysis facts the model reads and publishes:
// entry points and hop sinks (directives travel as directive.Fact,
// summaries as summary.SummaryFact). Facts are gob-encoded by go vet and
// nogo, so they hold only exported, deterministic data: no maps, no
// token.Pos (positions are meaningless in another process's FileSet).

import (
	"fmt"
	"go/types"
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
//
// Owned lists the positions of an interface method's arguments (the
// receiver is 0) that every such call passes a value the calling code
// owns (a snapshot it was handed): what an implementation reaches through
// them is its own.
type EntryFact struct {
	By    string // the off-owner function that calls it, as flow.Name renders it
	Owned []int
}

func (*EntryFact) AFact() {}

func (f *EntryFact) String() string {
	s := "entry point, called off the owner by " + f.By
	if len(f.Owned) > 0 {
		s += fmt.Sprintf(" with its own arguments %v", f.Owned)
	}
	return s
}

// A TurnFact on an exported interface method or a hook (an exported field
// holding funcs) of this package says that the turns of actors of this
// package (Turns.Mailbox) call it, on their own mailboxes: a worker
// telling its Tracker about each finished job, or calling its OnIdle. An
// implementation that is another actor, or a func touching one, which a
// package wiring the two hands over (w.Tracker = dispatcher), runs in a
// turn that is not its own. Actors names those actors' types, sorted.
type TurnFact struct {
	Actors []string
}

func (*TurnFact) AFact() {}

func (f *TurnFact) String() string { return "called in the turns of " + strings.Join(f.Actors, ", ") }

// ExportedInterface reports whether method belongs to an exported named
// interface: one that other packages implement on purpose. Any type with
// a Write method implements an unexported interface{ Write([]byte) (int,
// error) } too, without ever being handed to the package that calls it.
func ExportedInterface(method *types.Func) bool {
	named := names.DerefNamed(method.Signature().Recv().Type())
	return named != nil && named.Obj().Exported()
}

// A ModuleFact on a package of a framework a built-in pack declares names
// the version of the framework's module the build uses, so that -explain
// can say when it is not the one the pack was checked against.
type ModuleFact struct {
	Path, Version string
}

func (*ModuleFact) AFact() {}

func (f *ModuleFact) String() string { return "module " + f.Path + " " + f.Version }

// HopSinksFact lists the exported package-level functions a package and
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
