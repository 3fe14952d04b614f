package directive

import (
	"fmt"
	"strings"
)

// A Fact records what //confined directives (or analyzer flags) say
// about a type, struct field, function, method or interface method.
type Fact struct {
	Owner bool // a confined type or field, or a function that must run on the owner
	Any   bool // a member of a confined type that is safe from any goroutine
	Loop  bool // the owner's loop itself
	// OffOwner marks a framework entry point: a function whose body, an
	// interface method whose implementations, or a func type whose values
	// run off the owner on goroutines their caller does not control.
	OffOwner bool
	// Domain is the owner, by name, that an owner or loop directive names
	// ("" for the default owner); HopTo is the one a hop names.
	Domain, HopTo string
	// Argument indices (see argIndex) of func parameters.
	Async, Hop, Sync, Inherit []int
	// MessageHop marks a function that takes work back to the owner as a
	// message rather than a func (an actor's Send to itself, a UI
	// runtime's Send): nothing it is handed runs, but it is the way back
	// findings advise.
	MessageHop bool
	// Combinator is set by //confined:inherit, also without func
	// parameters (a func taking futures): the result completes where its
	// future arguments do.
	Combinator bool
	Completes  Completion // declared by //confined:completes
}

func (*Fact) AFact() {}

func (f *Fact) String() string {
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
	flag(f.Owner, VerbOwner+at(f.Domain))
	flag(f.Any, VerbAny)
	flag(f.Loop, VerbLoop+at(f.Domain))
	flag(f.OffOwner, VerbOffOwner)
	params := func(verb string, ps []int) {
		if len(ps) > 0 || (verb == VerbInherit && f.Combinator) {
			parts = append(parts, fmt.Sprintf("%s%v", verb, ps))
		}
	}
	params(VerbAsync, f.Async)
	params(VerbHop+at(f.HopTo), f.Hop)
	flag(f.MessageHop, VerbHop+at(f.HopTo)+"(message)")
	params(VerbSync, f.Sync)
	params(VerbInherit, f.Inherit)
	if f.Completes != CompletesUnknown {
		parts = append(parts, VerbCompletes+" "+f.Completes.String())
	}
	return "confined:" + strings.Join(parts, ",")
}

// DeclarationsFact carries a package's //confined:declare lines, and those
// it received (see hopSinksFact), to the packages importing it. Each
// resolves them in its own view: a package that only declares may not
// import what the names name.
type DeclarationsFact struct {
	Lines []declarationLine // in source order
}

// declarationLine is one declaration and where it was written.
type declarationLine struct {
	Text   string // VERB [ARGS] NAME, as declaration.text gives it
	Source string // "example.com/app/decls.go:3"
}

func (*DeclarationsFact) AFact() {}

func (f *DeclarationsFact) String() string {
	var lines []string
	for _, l := range f.Lines {
		lines = append(lines, l.Text)
	}
	return "declares: " + strings.Join(lines, "; ")
}

// A Completion says where a future completes.
type Completion uint8

const (
	CompletesUnknown Completion = iota // not declared or not traceable
	CompletesOnOwner
	CompletesOffOwner
)

func (where Completion) String() string {
	return [...]string{"unknown", "owner", "async"}[where]
}

// Join is where a future completes when it may be one that completes at
// where or one that completes at other.
func (where Completion) Join(other Completion) Completion {
	switch {
	case where == CompletesOffOwner || other == CompletesOffOwner:
		return CompletesOffOwner
	case where == CompletesUnknown || other == CompletesUnknown:
		return CompletesUnknown
	}
	return CompletesOnOwner
}

// OffOwner decides whether callbacks on a future run off the owner.
// Futures nobody declared are taken to complete on the owner unless -strict.
func (where Completion) OffOwner(strict bool) bool {
	return where == CompletesOffOwner || (where == CompletesUnknown && strict)
}
