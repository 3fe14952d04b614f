package analyzer

// This file holds the analyzer's settings: third-party functions declared
// async, hop, sync, inherit or completes, given to New or on the command line
// (go vet passes them as -confinecheck.NAME), and -strict.

import (
	"flag"
	"fmt"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// funcList is a flag naming functions, each optionally followed by the func
// parameters it applies to: "time.AfterFunc:f" or
// "example.com/lib.(*Client).OnDisconnect:handler+onError". Entries are
// separated by commas; the flag may also be repeated.
type funcList struct {
	specs map[string][]string // normalized function name -> parameter names; none means all
	all   map[string]bool     // names given once without parameters: all of them, for good
}

func (l *funcList) String() string {
	if l == nil {
		return ""
	}
	var out []string
	for name, params := range l.specs {
		if len(params) > 0 {
			name += ":" + strings.Join(params, "+")
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

func (l *funcList) Set(value string) error {
	for _, entry := range strings.Split(value, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		name, params, _ := strings.Cut(entry, ":")
		key, err := normalizeFuncName(name)
		if err != nil {
			return err
		}
		if l.specs == nil {
			l.specs, l.all = make(map[string][]string), make(map[string]bool)
		}
		switch {
		case params == "" || l.all[key]:
			l.specs[key], l.all[key] = nil, true
		default:
			l.specs[key] = append(l.specs[key], strings.Split(params, "+")...)
		}
	}
	return nil
}

// lookup returns the parameter names given for fn, and whether fn is listed.
func (l *funcList) lookup(fn *types.Func) ([]string, bool) {
	if l == nil || len(l.specs) == 0 || fn.Pkg() == nil {
		return nil, false
	}
	params, ok := l.specs[funcKey(fn)]
	return params, ok
}

// normalizeFuncName accepts "pkg/path.Func", "pkg/path.(*T).M",
// "pkg/path.T.M" and types.Func.FullName's "(*pkg/path.T).M" (type
// parameter lists allowed) and returns "pkg/path.T.M" (or "pkg/path.Func"),
// the form funcKey gives. Comparing whole names avoids guessing where a
// package path like gopkg.in/yaml.v3 ends.
func normalizeFuncName(name string) (string, error) {
	stripped := stripTypeParams(strings.TrimSpace(name))
	key := strings.NewReplacer("(*", "", "(", "", ")", "").Replace(stripped)
	slash := strings.LastIndex(key, "/")
	if open, end := strings.Index(stripped, "("), strings.Index(stripped, ")"); open >= 0 {
		// A receiver in parentheses must name a package's type and be
		// followed by a method: (*pkg.T).M or pkg.(*T).M.
		recv := stripped[open+1 : max(end, open+1)]
		if open == 0 && !strings.Contains(recv[strings.LastIndex(recv, "/")+1:], ".") {
			key = ""
		}
		if end < open || !strings.HasPrefix(stripped[end:], ").") {
			key = ""
		}
	}
	if key == "" || strings.ContainsAny(key, " \t*") || !strings.Contains(key[slash+1:], ".") || strings.HasSuffix(key, ".") || strings.HasPrefix(key, ".") {
		return "", fmt.Errorf("cannot read function name %q: write it as import/path.Func, import/path.Type.Method or import/path.(*Type).Method", name)
	}
	return key, nil
}

// stripTypeParams drops bracketed type parameter lists: "(*p.F[T]).M" and
// "p.G[T]" name the same functions as "(*p.F).M" and "p.G".
func stripTypeParams(name string) string {
	var b strings.Builder
	depth := 0
	for _, r := range name {
		switch {
		case r == '[':
			depth++
		case r == ']' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// funcKey is fn's name in the form normalizeFuncName returns.
func funcKey(fn *types.Func) string {
	if named := receiverNamed(fn); named != nil {
		return fn.Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
	}
	if recv := fn.Signature().Recv(); recv != nil { // interface method
		if named, ok := types.Unalias(recv.Type()).(*types.Named); ok {
			return fn.Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

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
	// with a fix that inserts it (see suggest.go).
	Suggest bool
}

// config is what an analyzer's passes read: Settings parsed. An analyzer made
// by New never changes it; the flag-driven Analyzer changes it only while
// flags are parsed, before any package is analyzed.
type config struct {
	async, hop, sync, inherit, completesAsync, completesOwner funcList
	declareFile                                               declareFile   // -declare
	settingDeclarations                                       []declaration // Settings.Declare
	strict, explain, suggest                                  bool
}

// New returns a confinecheck analyzer with the given settings, for drivers
// that configure analyzers in code (the golangci-lint plugin, tests). Its
// flags start from the settings.
func New(s Settings) (*analysis.Analyzer, error) {
	cfg := new(config)
	for _, l := range cfg.lists() {
		for _, entry := range *l.entries(&s) {
			if err := l.list.Set(entry); err != nil {
				return nil, fmt.Errorf("%s: %v", l.flag, err)
			}
		}
	}
	decls, err := parseDeclarationLines(s.Declare, func(i int) string { return fmt.Sprintf("declare setting %q", strings.TrimSpace(s.Declare[i])) })
	if err != nil {
		return nil, err
	}
	cfg.settingDeclarations = decls
	cfg.strict, cfg.explain, cfg.suggest = s.Strict, s.Explain, s.Suggest
	return newAnalyzer(cfg), nil
}

// declarations are the declarations the settings make: -declare's file,
// Settings.Declare and the function-list flags.
func (cfg *config) declarations() []declaration {
	return slices.Concat(cfg.declareFile.decls, cfg.settingDeclarations, cfg.flagDeclarations())
}

// namedList ties a config list to its flag and its Settings field.
type namedList struct {
	flag, usage string
	list        *funcList
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
	fs.BoolVar(&cfg.suggest, "suggest", cfg.suggest, "instead of findings, propose the directives the code suggests (loops, hops, owners, :any fields, async sinks), each with a fix that inserts it; -suggest -fix annotates the module")
}

var _ flag.Value = (*funcList)(nil)
