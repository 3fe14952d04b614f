package analyzer

// The fuzz target of the whole analyzer, on generated small programs with
// directives (the directive parser has its own, in internal/directive).
// Its seed corpus is in testdata/fuzz/FuzzAnalyze; `go test` runs it as
// regression tests, and
//
//	go test -run '^$' -fuzz '^FuzzAnalyze$' -fuzztime 1m ./analyzer
//
// explores further (.ci/run does so for a minute: about 50 programs a
// second on 2 cores).

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	analysischecker "golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// FuzzAnalyze generates a small two-package program from data (a library
// with a possibly confined, possibly generic type, sinks, hops, futures and
// an interface; an app that uses it from goroutines, timers, callbacks,
// hops, once.Do and friends), with directives, some of them malformed or
// misplaced, and extra as one more directive line. It type-checks the
// program and runs the analyzer on it through checker.Analyze, also with
// -suggest, with and without its directives. Whatever the
// input, the analyzer must not panic or fail, must report only at valid
// positions and deterministically, and must report nothing once every
// directive is removed.
func FuzzAnalyze(f *testing.F) {
	// Each input analyses seven small programs; the collector's default
	// pace spends a fifth of the time on garbage they leave.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	f.Add([]byte{}, "")
	f.Add([]byte("confined owner type, goroutines"), "//confined:owner")
	f.Add([]byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, "//confined:async f")
	f.Add([]byte{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89},
		"//confined:ignore reviewed")
	// A //line directive where a directive may stand moves positions.
	f.Add([]byte{1, 0, 1, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9},
		"//line elsewhere.go:1:1")
	f.Add([]byte{0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 6, 6}, "// confined")
	f.Add([]byte{1, 1, 0, 0, 0, 0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 27, 27, 27, 27}, "//confined:hop cb")
	f.Fuzz(func(t *testing.T, data []byte, extra string) {
		fuzzAnalyze(t, data, extra, false)
	})
}

// fuzzAnalyze is the body of FuzzAnalyze; strict also runs with -strict.
func fuzzAnalyze(t *testing.T, data []byte, extra string, strict bool) {
	extra = sanitizeComment(extra)
	if !strings.HasPrefix(extra, "//") {
		extra = "//confined:" + extra
	}
	g := &progGen{data: data, extra: extra}
	src := g.program()
	if g.flip() {
		strict = true
	}
	settings := Settings{Strict: strict}
	// One directory for all runs, and the fact encoding checked once: the
	// fuzzer's speed is what lets it find things.
	dir := t.TempDir()
	diags := analyzeIn(t, dir, src, settings, true)
	if again := analyzeIn(t, dir, src, settings, false); !slices.Equal(diags, again) {
		t.Fatalf("findings differ between two runs:\n%s\nthen\n%s\n%s", strings.Join(diags, "\n"), strings.Join(again,
			"\n"), dumpSources(src))
	}
	stripped := make(map[string]string)
	for name, s := range src {
		stripped[name] = stripDirectives(s)
	}
	if plain := analyzeIn(t, dir, stripped, settings, false); len(plain) > 0 {
		t.Fatalf("findings in code without directives:\n%s\n%s", strings.Join(plain, "\n"), dumpSources(stripped))
	}
	// -suggest on the code as written and without directives: no failure,
	// proposals only where the code is, the same twice.
	settings.Suggest = true
	for _, code := range []map[string]string{src, stripped} {
		proposed := analyzeIn(t, dir, code, settings, false)
		if again := analyzeIn(t, dir, code, settings, false); !slices.Equal(proposed, again) {
			t.Fatalf("-suggest differs between two runs:\n%s\nthen\n%s\n%s", strings.Join(proposed, "\n"), strings.Join(again, "\n"), dumpSources(code))
		}
	}
}

// sanitizeComment makes s safe to put after "//" on one line.
func sanitizeComment(s string) string {
	s = strings.ToValidUTF8(s, "?")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\r' || r == 0 || r == '\ufeff' || r == '\u2028' || r == '\u2029':
			return ' '
		}
		return r
	}, s)
}

var directiveRE = regexp.MustCompile(`//\s?confined.*`)

// stripDirectives removes every //confined comment (and gofmt's
// "// confined"), leaving the code as it was.
func stripDirectives(src string) string {
	return directiveRE.ReplaceAllString(src, "")
}

func dumpSources(src map[string]string) string {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(src)) {
		fmt.Fprintf(&b, "---- %s\n%s\n", name, src[name])
	}
	return b.String()
}

// The standard library is type-checked from source once per process and
// shared by all inputs; so is the FileSet it lives in. The source importer
// asks go/build for a package's directory on every Import, even of a
// package it has checked (a few milliseconds each), so the packages are
// kept here by path as well.
var (
	stdOnce     sync.Once
	stdFset     *token.FileSet
	stdImporter types.Importer
	stdPkgs     map[string]*types.Package
	stdMu       sync.Mutex
)

// lockStd type-checks the standard library on first use and holds it, with
// its FileSet, for the caller until the returned unlock.
func lockStd() (unlock func()) {
	stdOnce.Do(func() {
		stdFset = token.NewFileSet()
		stdImporter = importer.ForCompiler(stdFset, "source", nil)
		stdPkgs = make(map[string]*types.Package)
	})
	stdMu.Lock()
	return stdMu.Unlock
}

// importStd imports a standard package; the caller holds lockStd.
func importStd(path string) (*types.Package, error) {
	if pkg, ok := stdPkgs[path]; ok {
		return pkg, nil
	}
	pkg, err := stdImporter.Import(path)
	if err == nil {
		stdPkgs[path] = pkg
	}
	return pkg, err
}

// analyzeSources type-checks the packages in src (file name "lib/lib.go"
// is package fz/lib; "app/app.go" package fz/app, which may import it),
// runs the analyzer on them with checker.Analyze and returns the findings as
// "file:line:col: message" lines. It fails the test if the sources do not
// type-check, since the generator writes only well-typed code, or if the
// analysis fails; a panic fails it by itself. It skips the test when the
// sources do not parse, which only the fuzzer's comment text can cause.
func analyzeSources(t *testing.T, src map[string]string, settings Settings) []string {
	t.Helper()
	return analyzeIn(t, t.TempDir(), src, settings, true)
}

// analyzeIn is analyzeSources with the files written under dir, checking
// that facts survive encoding when sanity is set.
func analyzeIn(t *testing.T, dir string, src map[string]string, settings Settings, sanity bool) []string {
	t.Helper()
	defer lockStd()()

	pkgs := make(map[string]*packages.Package)
	var roots []*packages.Package
	for _, name := range []string{"lib", "app"} {
		text, ok := src[name+"/"+name+".go"]
		if !ok {
			continue
		}
		filename := filepath.Join(dir, name, name+".go")
		if err := os.MkdirAll(filepath.Dir(filename), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filename, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		pkg, err := typeCheck(filename, "fz/"+name, text, pkgs)
		if _, ok := err.(parseError); ok {
			// Only the fuzzer's comment text can break the syntax, as a
			// malformed //line directive does: not a program, so no test.
			t.Skipf("not valid Go: %v", err)
		}
		if err != nil {
			t.Fatalf("the generated program does not compile: %v\n%s", err, dumpSources(src))
		}
		pkgs[pkg.PkgPath] = pkg
		roots = append(roots, pkg)
	}

	a, err := New(settings)
	if err != nil {
		t.Fatal(err)
	}
	graph, err := analysischecker.Analyze([]*analysis.Analyzer{a}, roots, &analysischecker.Options{SanityCheck: sanity})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for act := range graph.All() {
		if act.Err != nil {
			t.Fatalf("analysis of %s failed: %v\n%s", act.Package.PkgPath, act.Err, dumpSources(src))
		}
		for _, d := range act.Diagnostics {
			if d.Message == "" {
				t.Fatalf("empty message at %v\n%s", stdFset.Position(d.Pos), dumpSources(src))
			}
			for _, pos := range append([]token.Pos{d.Pos}, relatedPositions(d)...) {
				if !inFiles(pos, act.Package.Syntax) {
					t.Fatalf("finding %q at %v, outside the package's files\n%s", d.Message, stdFset.Position(pos),
						dumpSources(src))
				}
			}
			p := stdFset.Position(d.Pos)
			rel, _ := filepath.Rel(dir, p.Filename)
			out = append(out, fmt.Sprintf("%s:%d:%d: %s", rel, p.Line, p.Column, d.Message))
		}
	}
	slices.Sort(out)
	return out
}

func relatedPositions(d analysis.Diagnostic) []token.Pos {
	var out []token.Pos
	for _, r := range d.Related {
		out = append(out, r.Pos)
	}
	return out
}

func inFiles(pos token.Pos, files []*ast.File) bool {
	for _, f := range files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return true
		}
	}
	return false
}

// typeCheck parses and type-checks one file as package path, importing the
// packages checked before it, and the standard library from source.
func typeCheck(filename, path, text string, local map[string]*packages.Package) (*packages.Package, error) {
	f, err := parser.ParseFile(stdFset, filename, text, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, parseError{err}
	}
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Instances:    make(map[*ast.Ident]types.Instance),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		FileVersions: make(map[*ast.File]string),
	}
	imports := make(map[string]*packages.Package)
	var errs []error
	conf := types.Config{
		Importer: importerFunc(func(p string) (*types.Package, error) {
			if lp, ok := local[p]; ok {
				imports[p] = lp
				return lp.Types, nil
			}
			return importStd(p)
		}),
		Sizes: types.SizesFor("gc", "amd64"),
		Error: func(err error) { errs = append(errs, err) },
	}
	tpkg, _ := conf.Check(path, stdFset, []*ast.File{f}, info)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return &packages.Package{
		ID:              path,
		Name:            tpkg.Name(),
		PkgPath:         path,
		GoFiles:         []string{filename},
		CompiledGoFiles: []string{filename},
		Fset:            stdFset,
		Syntax:          []*ast.File{f},
		Types:           tpkg,
		TypesInfo:       info,
		TypesSizes:      conf.Sizes,
		Imports:         imports, // standard packages are not analyzed: none has a directive
	}, nil
}

// A parseError is a syntax error, as opposed to a type error.
type parseError struct{ error }

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// A progGen writes a program from fuzz data: each choice takes the next
// byte, and zero once the data runs out, so an empty input is the simplest
// program and every input is a valid one.
type progGen struct {
	data  []byte
	i     int
	extra string // one more directive line, from the fuzzer
	vars  int    // counter for fresh variable names
	// Generic: T has a type parameter.
	tparams, targs, inst string
	nfuncs               int
}

func (g *progGen) choose(n int) int {
	if g.i >= len(g.data) {
		return 0
	}
	b := g.data[g.i]
	g.i++
	return int(b) % n
}

func (g *progGen) flip() bool { return g.choose(2) == 1 }

func (g *progGen) pick(options ...string) string { return options[g.choose(len(options))] }

// directive returns a doc directive line (with its newline) or nothing.
func (g *progGen) directive(options ...string) string {
	d := g.pick(append([]string{""}, options...)...)
	if d == "extra" {
		d = g.extra
	}
	if d == "" {
		return ""
	}
	return d + "\n"
}

func (g *progGen) fresh(prefix string) string {
	g.vars++
	return fmt.Sprintf("%s%d", prefix, g.vars)
}

func (g *progGen) program() map[string]string {
	if g.flip() {
		g.tparams, g.targs, g.inst = "[P any]", "[P]", "[int]"
	}
	return map[string]string{"lib/lib.go": g.lib(), "app/app.go": g.app()}
}

func (g *progGen) lib() string {
	var b strings.Builder
	w := func(s string, args ...any) { fmt.Fprintf(&b, s, args...) }
	w("package lib\n\nimport (\n\t\"sync\"\n\t\"time\"\n)\n\n")
	w("%stype T%s struct {\n", g.directive("//confined:owner", "//confined", "// confined", "//confined:any",
		"//confined:owner extra", "//confined:loop", "extra", "//confined:owner @a", "//confined:owner @a\n//confined:owner @b"), g.tparams)
	w("%s\tN int\n", g.directive("//confined:owner", "//confined:any", "//confined:hop", "extra"))
	w("%s\tM map[string]int\n", g.directive("//confined:owner", "//confined:any", "//confined:owner @b"))
	w("\tMu sync.Mutex\n\tCh chan int\n")
	w("%s\tCb func()\n", g.directive("//confined:owner", "//confined:async"))
	w("\tInner struct {\n%s\t\tX int\n\t}\n", g.directive("//confined:owner", "//confined:any"))
	if g.tparams != "" {
		w("\tV P\n")
	}
	w("}\n\n")
	w("func NewT%s() *T%s { return &T%s{M: map[string]int{}, Ch: make(chan int, 1)} }\n\n", g.tparams, g.targs, g.targs)
	recv := "(t *T" + g.targs + ")"
	w("%sfunc %s Inc() { t.N++ }\n\n", g.directive("//confined:any", "//confined:owner", "//confined:loop",
		"//confined:async", "extra"), recv)
	w("%sfunc %s Get() int { return t.N }\n\n", g.directive("//confined:any", "//confined:owner", "//confined:owner @b"), recv)
	w("func %s Touch(k string) { t.M[k]++; t.Inner.X++ }\n\n", recv)
	w("%sfunc %s Post(f func()) { %s }\n\n", g.directive("//confined:hop", "//confined:hop f", "//confined:async",
		"//confined:hop g", "//confined:any\n//confined:hop", "extra", "//confined:hop @b f", "//confined:hop f @a"), recv,
		g.pick("t.Ch <- 0; f()", "go f()", "f()", "t.Cb = f"))
	w("%sfunc %s Run() { for range t.Ch { if t.Cb != nil { t.Cb() } } }\n\n", g.directive("//confined:loop",
		"//confined:owner", "//confined:loop extra", "//confined:loop @a", "//confined:loop @b"), recv)
	w("%sfunc Go(f func()) { %s }\n\n", g.directive("//confined:async", "//confined:async f", "//confined:hop f",
		"//confined:async f\n//confined:hop f", "//confined:inherit", "extra"),
		g.pick("go f()", "f()", "time.AfterFunc(time.Second, f)", "var once sync.Once; once.Do(f)",
			"var wg sync.WaitGroup; wg.Go(f); wg.Wait()", "go func() { f() }()"))
	w("type Fut struct {\n\tmu   sync.Mutex\n\tdone bool\n\tcbs  []func()\n}\n\n")
	w("func (f *Fut) complete() {\n\tf.mu.Lock()\n\tf.done = true\n\tcbs := f.cbs\n\tf.mu.Unlock()\n" +
		"\tfor _, cb := range cbs {\n\t\tcb()\n\t}\n}\n\n")
	w("%sfunc (f *Fut) Then(cb func()) *Fut {\n\tout := &Fut{}\n\tf.mu.Lock()\n"+
		"\tf.cbs = append(f.cbs, func() { cb(); out.complete() })\n\tf.mu.Unlock()\n\treturn out\n}\n\n",
		g.directive("//confined:inherit", "//confined:inherit cb", "//confined:inherit nope", "//confined:async cb"))
	w("%sfunc Sleep(d time.Duration) *Fut {\n\tf := &Fut{}\n\ttime.AfterFunc(d, f.complete)\n\treturn f\n}\n\n",
		g.directive("//confined:completes async", "//confined:completes owner", "//confined:completes later",
			"//confined:completes async\n//confined:completes owner", "extra"))
	w("%sfunc Ready() *Fut { f := &Fut{}; f.complete(); return f }\n\n", g.directive("//confined:completes owner",
		"//confined:completes async"))
	w("type I interface {\n%s\tDo(f func())\n%s\tName() string\n}\n\n",
		g.directive("//confined:owner", "//confined:async", "//confined:hop f", "//confined:any", "//confined:loop",
			"//confined:offowner"),
		g.directive("//confined:owner", "//confined:any"))
	w("type impl%s struct{ t *T%s }\n\n", g.tparams, g.targs)
	w("func (x impl%s) Do(f func()) { %s }\n\n", g.targs, g.pick("f()", "go f()", "x.t.Post(f)", "x.t.Inc(); f()",
		"Go(f)"))
	w("func (x impl%s) Name() string { return \"x\" }\n\n", g.targs)
	w("func Impl%s(t *T%s) I { return impl%s{t} }\n", g.tparams, g.targs, g.targs)
	if g.tparams != "" {
		w("\n%sfunc Map[P, Q any](t *T[P], fn func(P) Q) Q { return fn(t.V) }\n", g.directive("//confined:async fn",
			"//confined:inherit"))
	}
	return b.String()
}

func (g *progGen) app() string {
	var b strings.Builder
	w := func(s string, args ...any) { fmt.Fprintf(&b, s, args...) }
	w("package app\n\nimport (\n\t\"context\"\n\t\"sort\"\n\t\"sync\"\n\t\"time\"\n\n\t\"fz/lib\"\n)\n\n")
	w("var global = lib.NewT%s()\n\n", g.inst)
	g.nfuncs = 2 + g.choose(4)
	for i := range g.nfuncs {
		w("%sfunc f%d(t *lib.T%s, cb func()) {\n", g.directive("//confined:loop", "//confined:owner",
			"//confined:async", "//confined:async cb", "//confined:hop cb", "//confined:async t", "extra",
			"//confined:loop @a", "//confined:loop @b", "//confined:owner @b", "//confined:hop @a cb"), i, g.inst)
		for range 1 + g.choose(4) {
			w("%s", g.stmt(1, "\t"))
		}
		w("}\n\n")
	}
	// An interface of this package made from lib's (embedding it, defined
	// from it, or an alias of it), with an implementation here.
	w("%stype J %s\n\n", g.directive("//confined:owner", "//confined:offowner", "//confined:any", "extra"),
		g.pick("interface{ lib.I }", "lib.I", "= lib.I", "interface {\n\tlib.I\n"+g.directive("//confined:offowner",
			"//confined:owner", "//confined:async")+"\tExtra(f func())\n}"))
	w("type mine struct{ t *lib.T%s }\n\n", g.inst)
	w("%sfunc (m mine) Do(f func()) { %s }\n\n", g.directive("//confined:offowner", "//confined:owner", "extra"),
		g.pick("f()", "go f()", "m.t.Inc()", "m.t.Post(f)", "m.t.N++"))
	w("func (m mine) Name() string { return \"m\" }\n\n")
	w("func (m mine) Extra(f func()) { %s }\n\n", g.pick("f()", "go f()", "m.t.Touch(\"k\")"))
	w("var _ J = mine{}\n\n")
	w("%s", g.directive("//confined:owner", "extra"))
	w("var _ = sort.Ints\nvar _ sync.Mutex\nvar _ = time.Second\nvar _ = context.Background\nvar _ = global\n")
	return b.String()
}

// stmt returns one statement (with indentation and newline) that uses t and
// cb from the enclosing function. The next byte chooses one of 32: an
// ignore on a further statement, one of nestedStmt's, which run a further
// statement, or one of flatStmt's.
func (g *progGen) stmt(depth int, indent string) string {
	n := g.choose(32)
	if n == 27 {
		return g.ignoreStmt(depth, indent)
	}
	if s, ok := g.nestedStmt(n, depth, indent); ok {
		return indent + s
	}
	return indent + g.flatStmt(n, indent)
}

// ignoreStmt returns a further statement with an ignore, trailing or on
// the line above, sometimes without a reason; or with another directive,
// which is misplaced there.
func (g *progGen) ignoreStmt(depth int, indent string) string {
	inner := strings.TrimPrefix(g.stmt(depth+1, indent), indent)
	if i := strings.IndexByte(inner, '\n'); i == len(inner)-1 && g.flip() {
		return indent + inner[:i] + " " + g.pick("//confined:ignore fuzz says so", "//confined:ignore") + "\n"
	}
	return indent + g.pick("//confined:ignore fuzz says so\n", "//confined:ignore\n", "//confined:owner\n",
		g.extra+"\n") + indent + inner
}

// nestedStmt returns statement n, without its first indentation, if it is
// one that runs a further statement (from depth 3 on, a plain use of t)
// in a closure handed to a goroutine, a callback, a hop or a future, or in
// a loop or a branch; ok is false for the others.
func (g *progGen) nestedStmt(n, depth int, indent string) (s string, ok bool) {
	body := func() string {
		if depth >= 3 {
			return indent + "\t_ = t\n"
		}
		return g.stmt(depth+1, indent+"\t")
	}
	switch n {
	case 6:
		s = "go func() {\n" + body() + indent + "}()\n"
	case 7:
		s = "time.AfterFunc(time.Millisecond, func() {\n" + body() + indent + "})\n"
	case 9:
		s = "lib.Go(func() {\n" + body() + indent + "})\n"
	case 10:
		s = "t.Post(func() {\n" + body() + indent + "})\n"
	case 11:
		s = g.pick("lib.Sleep(time.Millisecond)", "lib.Ready()") + ".Then(func() {\n" + body() + indent + "})\n"
	case 12:
		o := g.fresh("once")
		s = "var " + o + " sync.Once\n" + indent + o + ".Do(func() {\n" + body() + indent + "})\n"
	case 13:
		s = "sort.Slice([]int{2, 1}, func(i, j int) bool {\n" + body() + indent + "\treturn i < j\n" + indent + "})\n"
	case 14:
		s = "defer func() {\n" + body() + indent + "}()\n"
	case 15:
		s = "func() {\n" + body() + indent + "}()\n"
	case 19:
		s = "lib.Impl(t).Do(func() {\n" + body() + indent + "})\n"
	case 21:
		s = fmt.Sprintf("f%d(t, func() {\n", g.choose(g.nfuncs)) + body() + indent + "})\n"
	case 22:
		s = "context.AfterFunc(context.Background(), func() {\n" + body() + indent + "})\n"
	case 24:
		wg := g.fresh("wg")
		s = "var " + wg + " sync.WaitGroup\n" + indent + wg + ".Go(func() {\n" + body() + indent + "})\n" + indent +
			wg + ".Wait()\n"
	case 25:
		s = "for i := 0; i < 2; i++ {\n" + body() + indent + "}\n"
	case 26:
		s = "if t.Get() > 0 {\n" + body() + indent + "}\n"
	case 28:
		if g.tparams != "" {
			s = "_ = lib.Map(t, func(int) int {\n" + body() + indent + "\treturn 0\n" + indent + "})\n"
		} else {
			s = "cb()\n"
		}
	case 29:
		j := g.fresh("j")
		s = "var " + j + " J = " + g.pick("mine{t}", "mine{}") + "\n" + indent + g.pick("", "go ") + j + ".Do(func() {\n" +
			body() + indent + "})\n"
	default:
		return "", false
	}
	return s, true
}

// flatStmt returns statement n, without its first indentation, for the
// statements that run no further one: uses of t, go statements and calls
// handing t's methods or cb on, fresh values and values sent over.
func (g *progGen) flatStmt(n int, indent string) string {
	switch n {
	case 0:
		return "t.Inc()\n"
	case 1:
		return "_ = t.Get()\n"
	case 2:
		return g.pick("t.N++\n", "t.Inner.X = 1\n", "t.M[\"k\"]++\n", "t.Touch(\"k\")\n", "t.Cb = cb\n")
	case 3:
		return "t.Mu.Lock()\n" + indent + "t.Mu.Unlock()\n"
	case 4:
		return "select {\n" + indent + "case t.Ch <- 1:\n" + indent + "default:\n" + indent + "}\n"
	case 5:
		return g.pick("go t.Inc()\n", "go t.Touch(\"k\")\n", "go global.Inc()\n", "go cb()\n")
	case 8:
		return g.pick("time.AfterFunc(time.Millisecond, t.Inc)\n", "time.AfterFunc(time.Millisecond, cb)\n",
			"lib.Go(t.Inc)\n", "lib.Go(cb)\n")
	case 16:
		u := g.fresh("u")
		return u + " := lib.NewT" + g.inst + "()\n" + indent + "go func() { " + u + ".Inc() }()\n"
	case 17:
		u := g.fresh("u")
		return "go func() {\n" + indent + "\t" + u + " := lib.NewT" + g.inst + "()\n" + indent + "\t" + u + ".Inc()\n" +
			indent + "}()\n"
	case 18:
		ch, v := g.fresh("ch"), g.fresh("v")
		return ch + " := make(chan *lib.T" + g.inst + ", 1)\n" + indent + ch + " <- t\n" + indent + "go func() {\n" +
			indent + "\t" + v + " := <-" + ch + "\n" + indent + "\t" + v + ".Inc()\n" + indent + "}()\n"
	case 20:
		return g.pick("go ", "", "defer ") + fmt.Sprintf("f%d(t, cb)\n", g.choose(g.nfuncs))
	case 23:
		return g.methodValue(g.fresh("m"), indent)
	case 30:
		return g.pick("go ", "") + "lib.I(mine{t}).Do(cb)\n"
	default:
		return g.pick("cb()\n", "t.Post(cb)\n", "_ = lib.Impl(t).Name()\n")
	}
}

// methodValue takes a method value or func value and calls it somewhere.
func (g *progGen) methodValue(m, indent string) string {
	switch g.choose(3) {
	case 0:
		return m + " := t.Inc\n" + indent + g.pick("go ", "", "defer ") + m + "()\n"
	case 1:
		return m + " := t.Touch\n" + indent + "lib.Go(func() { " + m + "(\"k\") })\n"
	default:
		return m + " := cb\n" + indent + g.pick("lib.Go(", "t.Post(", "time.AfterFunc(0, ") + m + ")\n"
	}
}

// TestFuzzAnalyzeGenerator checks that the generator's programs are valid
// for many inputs: a generator that writes ill-typed code fuzzes nothing.
// analyzeSources skips sources that do not parse (only the fuzzer's comment
// text can break them), so the programs are parsed here first: a generator
// writing bad syntax fails instead of skipping.
func TestFuzzAnalyzeGenerator(t *testing.T) {
	for i := range 64 {
		data := make([]byte, 200)
		for j := range data {
			data[j] = byte((i*131 + j*j*7 + j) % 251)
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			g := &progGen{data: data, extra: "//confined:async"}
			for name, text := range g.program() {
				for _, text := range []string{text, stripDirectives(text)} {
					if _, err := parser.ParseFile(token.NewFileSet(), name, text, parser.ParseComments); err != nil {
						t.Fatalf("the generator writes bad syntax: %v\n%s", err, text)
					}
				}
			}
			fuzzAnalyze(t, data, "//confined:async", false)
		})
	}
}

// The generated programs must be valid Go with and without directives.
func TestFuzzSanitizeComment(t *testing.T) {
	for _, s := range []string{"a\nb", "\x00", "\xff", "\ufeff", "x\u2028y"} {
		got := sanitizeComment(s)
		if strings.ContainsAny(got, "\n\r\x00\ufeff\u2028") || !utf8.ValidString(got) {
			t.Errorf("sanitizeComment(%q) = %q", s, got)
		}
	}
}
