package analyzer

// This file holds the analyzer's settings: third-party functions declared
// async, hop, sync, inherit or completes, given to New or on the command line
// (go vet passes them as -confinecheck.NAME), and -strict.

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/confinecheck/confinecheck/declarations"
	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/nearest"
	"golang.org/x/tools/go/analysis"
)

// Settings configure an analyzer made by New. Each list entry is what the
// flag of the same name takes: a function name, optionally followed by
// ":param+param" to name its func parameters.
type Settings struct {
	Async          []string // third-party functions whose func parameters run off the owner
	Hop            []string // ... that run on the owner (mailbox posts)
	Sync           []string // ... that run while the caller waits (testing.T.Run and its wrappers)
	Inherit        []string // future combinators whose callbacks run where the receiver completes
	CompletesAsync []string // functions returning futures that complete off the owner
	CompletesOwner []string // functions returning futures that complete on the owner
	// Declare holds declaration lines, as a -declare file does:
	// "hop example.com/lib.(*Loop).Post:f".
	Declare []string
	Strict  bool // undeclared futures complete anywhere; interface calls reach every implementation
	Explain bool // report every directive, declaration and inferred sink, and what it resolved to
	// Suggest reports, instead of findings, the directives the code's
	// shape suggests (loops, hops, owners, :any fields, async sinks), each
	// with a fix that inserts it (see internal/suggest).
	Suggest bool
	// Packs chooses the built-in packs that apply, by name ("protoactor",
	// "fyne"); nil applies every one, and "none" none (-packs).
	Packs []string
	// ConfDigest is ignored by the analysis: a digest of the
	// confinecheck.conf files, for result caches that do not see them
	// (go vet's, golangci-lint's): a new value when the files change
	// makes them analyse again.
	ConfDigest string
}

// config is what an analyzer's passes read: Settings parsed. An analyzer made
// by New never changes it; the flag-driven Analyzer changes it only while
// flags are parsed, before any package is analyzed.
type config struct {
	async, hop, sync, inherit, completesAsync, completesOwner directive.FuncList
	declareFile                                               directive.DeclareFile   // -declare
	settingDeclarations                                       []directive.Declaration // Settings.Declare
	strict, explain, suggest                                  bool
	confDigest                                                string // see Settings.ConfDigest
	packs                                                     packList
	// builtinPacks reads the built-in packs, once for the analyzer.
	builtinPacks func() ([]directive.Pack, error)
}

// newConfig returns the settings of an analyzer that has been told nothing.
func newConfig() *config {
	return &config{builtinPacks: sync.OnceValues(declarations.Packs)}
}

// chosenPacks are the built-in packs the settings choose (-packs).
func (cfg *config) chosenPacks() ([]directive.Pack, error) {
	all, err := cfg.builtinPacks()
	if err != nil {
		return nil, fmt.Errorf("a built-in pack does not read: %v", err)
	}
	return cfg.packs.choose(all), nil
}

// A packList is the -packs flag: the built-in packs to apply, by name, or
// "none"; every one when unset.
type packList struct {
	names []string
	set   bool
}

func (l *packList) String() string { return strings.Join(l.names, ",") }

func (l *packList) Set(value string) error {
	packs, err := declarations.Packs()
	if err != nil {
		return err
	}
	var known []string
	for _, p := range packs {
		known = append(known, p.Name)
	}
	names := strings.Split(value, ",")
	for _, name := range names {
		switch {
		case name == "none" && len(names) == 1:
		case !slices.Contains(known, name):
			return fmt.Errorf("no built-in pack %q; the packs are %s, or none%s", name, strings.Join(known, ", "), nearest.DidYouMean(name, known))
		}
	}
	l.names, l.set = names, true
	return nil
}

// choose keeps the packs the list names: all when it is unset.
func (l *packList) choose(all []directive.Pack) []directive.Pack {
	if !l.set {
		return all
	}
	return slices.DeleteFunc(slices.Clone(all), func(p directive.Pack) bool { return !slices.Contains(l.names, p.Name) })
}

// New returns a confinecheck analyzer with the given settings, for drivers
// that configure analyzers in code (the golangci-lint plugin, tests). Its
// flags start from the settings.
func New(s Settings) (*analysis.Analyzer, error) {
	cfg := newConfig()
	for _, l := range cfg.lists() {
		for _, entry := range *l.entries(&s) {
			if err := l.list.Set(entry); err != nil {
				return nil, fmt.Errorf("%s: %v", l.flag, err)
			}
		}
	}
	decls, err := directive.ParseDeclarationLines(s.Declare, func(i int) string { return fmt.Sprintf("declare setting %q", strings.TrimSpace(s.Declare[i])) })
	if err != nil {
		return nil, err
	}
	cfg.settingDeclarations = decls
	cfg.strict, cfg.explain, cfg.suggest, cfg.confDigest = s.Strict, s.Explain, s.Suggest, s.ConfDigest
	if s.Packs != nil {
		if err := cfg.packs.Set(strings.Join(s.Packs, ",")); err != nil {
			return nil, fmt.Errorf("packs: %v", err)
		}
	}
	return newAnalyzer(cfg), nil
}

// declarations are the declarations the settings make: -declare's file,
// Settings.Declare and the function-list flags.
func (cfg *config) declarations() []directive.Declaration {
	out := slices.Concat(cfg.declareFile.Declarations(), cfg.settingDeclarations)
	for _, l := range cfg.lists() {
		out = append(out, l.list.Declarations(l.flag)...)
	}
	return out
}

// namedList ties a config list to its flag and its Settings field.
type namedList struct {
	flag, usage string
	list        *directive.FuncList
	entries     func(*Settings) *[]string
}

func (cfg *config) lists() []namedList {
	return []namedList{
		{"async", "functions whose func parameters run off the owner, as `pkg.Func[:param+param],...`", &cfg.async, func(s *Settings) *[]string { return &s.Async }},
		{"hop", "functions whose func parameters run on the owner (mailbox posts), as `pkg.(*T).Method[:param],...`", &cfg.hop, func(s *Settings) *[]string { return &s.Hop }},
		{"sync", "functions whose func parameters run while the caller waits (test runners), as `pkg.RunAll[:param],...`", &cfg.sync, func(s *Settings) *[]string { return &s.Sync }},
		{"inherit", "future combinators whose callbacks run where the receiver completes, as `pkg.(*Future).Map[:param],...`", &cfg.inherit, func(s *Settings) *[]string { return &s.Inherit }},
		{"completes-async", "functions returning futures that complete off the owner (timers, timeouts), as `pkg.Sleep,...`", &cfg.completesAsync, func(s *Settings) *[]string { return &s.CompletesAsync }},
		{"completes-owner", "functions returning futures that complete on the owner (replies the loop fulfils), as `pkg.(*Client).Call,...`", &cfg.completesOwner, func(s *Settings) *[]string { return &s.CompletesOwner }},
	}
}

// register binds the analyzer's flags to cfg.
func (cfg *config) register(fs *flag.FlagSet) {
	for _, l := range cfg.lists() {
		fs.Var(l.list, l.flag, l.usage)
	}
	fs.Var(&cfg.declareFile, "declare", "a `file` of declarations, one per line: hop example.com/lib.(*Loop).Post:f")
	fs.BoolVar(&cfg.strict, "strict", cfg.strict, "treat futures without completes/inherit declarations as completing anywhere, and resolve interface calls to every implementation")
	fs.BoolVar(&cfg.explain, "explain", cfg.explain, "report every directive, declaration and flag entry with what it resolved to, and the sinks inferred, to see why code is or is not reported")
	fs.StringVar(&cfg.confDigest, "conf-digest", cfg.confDigest, "ignored by the analysis: a digest of the confinecheck.conf files, for go vet's result cache, which does not see them (the pre-commit hook passes one)")
	fs.Var(&cfg.packs, "packs", "the built-in packs to apply, as `name,...` (protoactor, fyne, ...), or none; every pack whose framework is in the build applies when unset")
	fs.BoolVar(&cfg.suggest, "suggest", cfg.suggest, "instead of findings, propose the directives the code suggests (loops, hops, owners, :any fields, async sinks), each with a fix that inserts it; -suggest -fix annotates the module")
}

var _ flag.Value = (*directive.FuncList)(nil)
