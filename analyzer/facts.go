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
	// Domain is the owner, by name, that an owner or loop directive names
	// ("" for the default owner); HopTo is the one a hop names.
	Domain, HopTo string
	// Argument indices (see argIndex) of func parameters.
	Async, Hop, Sync, Inherit []int
	// Combinator is set by //confined:inherit, also without func
	// parameters (a func taking futures): the result completes where its
	// future arguments do.
	Combinator bool
	Completes  Completion // declared by //confined:completes
}

func (*directiveFact) AFact() {}

func (f *directiveFact) String() string {
	var parts []string
	flag := func(on bool, verb string) {
		if on {
			parts = append(parts, verb)
		}
	}
	at := func(domain string) string {
		if domain != "" {
			return "@" + domain
		}
		return ""
	}
	flag(f.Owner, verbOwner+at(f.Domain))
	flag(f.Any, verbAny)
	flag(f.Loop, verbLoop+at(f.Domain))
	params := func(verb string, ps []int) {
		if len(ps) > 0 || (verb == verbInherit && f.Combinator) {
			parts = append(parts, fmt.Sprintf("%s%v", verb, ps))
		}
	}
	params(verbAsync, f.Async)
	params(verbHop+at(f.HopTo), f.Hop)
	params(verbSync, f.Sync)
	params(verbInherit, f.Inherit)
	if f.Completes != completesUnknown {
		parts = append(parts, verbCompletes+" "+f.Completes.String())
	}
	return "confined:" + strings.Join(parts, ",")
}

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

// hopSinkName is a hop sink as fix hints render it.
type hopSinkName struct {
	Name    string // as funcName renders it, e.g. "actor.Hop"
	Key     string // as funcKey gives it, e.g. "example.com/runtime/actor.Hop"
	Hop     []int  // the argument indices it runs on the owner
	Domain  string // that owner's domain ("" for the default)
	Returns bool   // it returns a value (a future to chain on)
	Plain   bool   // a func it runs takes no arguments (see hopSink)
	// Wraps says a fix can call it (see wrapShape); Owner is then the type
	// of its owner parameter, if it has one, as types.TypeString writes it.
	Wraps bool
	Owner string
}

func (*hopSinksFact) AFact() {}

func (f *hopSinksFact) String() string {
	var names []string
	for _, s := range f.Sinks {
		names = append(names, s.Name)
	}
	return "hop sinks: " + strings.Join(names, ", ")
}

// declarationsFact carries a package's //confined:declare lines, and those
// it received (see hopSinksFact), to the packages importing it. Each
// resolves them in its own view: a package that only declares may not
// import what the names name.
type declarationsFact struct {
	Lines []declarationLine // in source order
}

// declarationLine is one declaration and where it was written.
type declarationLine struct {
	Text   string // VERB [ARGS] NAME, as declaration.text gives it
	Source string // "example.com/app/decls.go:3"
}

func (*declarationsFact) AFact() {}

func (f *declarationsFact) String() string {
	var lines []string
	for _, l := range f.Lines {
		lines = append(lines, l.Text)
	}
	return "declares: " + strings.Join(lines, "; ")
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
