package analyzer

// Bad input that testdata/src/directives does not already cover: each case
// must give a clear diagnostic or a clean skip, never a panic. The cases run
// through checker.Analyze, on sources type-checked in process (see
// analyzeSources in fuzz_test.go), or, for cgo, on packages loaded with
// go/packages.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	analysischecker "golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// A badDirectiveCase is a source, analyzed as lib/lib.go, with bad or
// unusual directives, and the findings it must give.
type badDirectiveCase struct {
	name string
	src  string
	// want holds a regexp per expected finding, in order of position;
	// nil expects none.
	want []string
}

// checkBadDirectives analyzes each case's source and matches its
// findings against the case's, one for one.
func checkBadDirectives(t *testing.T, cases []badDirectiveCase) {
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			got := analyzeSources(t, map[string]string{"lib/lib.go": tt.src}, Settings{})
			if len(got) != len(tt.want) {
				t.Fatalf("got %d findings, want %d:\n%s", len(got), len(tt.want), strings.Join(got, "\n"))
			}
			for i, w := range tt.want {
				if !regexp.MustCompile(w).MatchString(got[i]) {
					t.Errorf("finding %d = %q, want it to match %q", i, got[i], w)
				}
			}
		})
	}
}

// TestRobustMisplacedDirectives: directives where they cannot apply (an
// alias, a group of types, the package clause, an import, a func literal,
// init, a func returning no future) say so, or at least leave the rest of
// the check as it was.
func TestRobustMisplacedDirectives(t *testing.T) {
	checkBadDirectives(t, []badDirectiveCase{
		{
			name: "owner on an alias",
			src: `package lib
type B struct{ n int }
//confined:owner
type A = B
func f() { go func() { _ = (&A{}).n }() }`,
			want: []string{`//confined:owner on the alias A has no effect; put it on the type the alias names`},
		},
		{
			name: "owner on a group of types",
			src: `package lib
//confined:owner
type (
	A struct{ n int }
	B struct{ n int }
)`,
			want: []string{`misplaced //confined:owner`},
		},
		{
			name: "directives on the package clause and an import",
			src: `// Package lib.
//
//confined:owner
package lib

import (
	//confined:async
	"time"
)

var _ = time.Second`,
			want: []string{`misplaced //confined:owner`, `misplaced //confined:async`},
		},
		{
			name: "directive on a func literal",
			src: `package lib
func f() func() {
	//confined:loop
	return func() {}
}`,
			want: []string{`misplaced //confined:loop`},
		},
		{
			name: "owner on init and main, and on a func-local type's field",
			src: `package main
//confined:owner
func init() {}
func main() {
	type local struct {
		//confined:owner
		n int
	}
	l := &local{}
	go func() { l.n++ }()
	println(l.n) // still main's: shared, not handed off
}`,
			want: []string{`writes confined main.local.n off the owner`},
		},
		{
			name: "completes on a func returning a plain value",
			src: `package lib
//confined:completes async
func N() int { return 1 }`,
			want: []string{`//confined:completes on N, which returns int; it belongs on a function returning a future or promise`},
		},
	})
}

// TestRobustBadParams: a PARAM that names no func parameter of its
// function (the receiver, a result, a variadic or generic parameter that
// is not a func), or a sink with none to name, is reported as such; a
// variadic func parameter is one.
func TestRobustBadParams(t *testing.T) {
	checkBadDirectives(t, []badDirectiveCase{
		{
			name: "PARAM naming the receiver",
			src: `package lib
type T struct{}
//confined:async t
func (t *T) Do(f func()) { go f() }`,
			want: []string{`//confined:async names "t", which is not a parameter of Do`},
		},
		{
			name: "PARAM naming a variadic parameter that takes no funcs",
			src: `package lib
//confined:async xs
func Go(f func(), xs ...int) { go f() }`,
			want: []string{`//confined:async names parameter xs of Go, whose type \[\]int is not a func`},
		},
		{
			name: "PARAM naming a variadic func parameter",
			src: `package lib
//confined:async fs
func Go(fs ...func()) { for _, f := range fs { go f() } }`,
		},
		{
			name: "PARAM whose type is a type parameter constrained to funcs",
			src: `package lib
//confined:async f
func Go[F ~func()](f F) { go f() }`,
			want: []string{`//confined:async names parameter f of Go, whose type F is not a func`},
		},
		{
			name: "PARAM naming a func result",
			src: `package lib
//confined:hop done
func Start() (done func()) { return func() {} }`,
			want: []string{`//confined:hop names "done", which is not a parameter of Start`},
		},
		{
			name: "async on a func with no parameters at all",
			src: `package lib
//confined:async
func Tick() {}`,
			want: []string{`//confined:async on Tick, which has no func-typed parameter to run`},
		},
	})
}

// TestRobustCombinedDirectives: directives repeated or combined on one
// declaration, and ignores without a reason or without a finding to
// suppress, neither panic nor confuse the check.
func TestRobustCombinedDirectives(t *testing.T) {
	checkBadDirectives(t, []badDirectiveCase{
		{
			name: "duplicated type and loop markers",
			src: `package lib
//confined:owner
//confined:owner
// confined
type T struct{ n int }
//confined:loop
//confined:loop
func (t *T) Run() { t.n++ }
func f(t *T) { go func() { t.n++ }() }`,
			want: []string{`writes confined lib.T.n off the owner`},
		},
		{
			name: "owner, loop and async on one method",
			src: `package lib
type T struct{ ch chan func() }
//confined:owner
//confined:loop
//confined:async f
func (t *T) Run(f func()) { for g := range t.ch { g() }; f() }`,
			want: nil,
		},
		{
			name: "hop and inherit on one parameter",
			src: `package lib
//confined:hop f
//confined:inherit f
func Then(f func()) { f() }`,
			want: nil,
		},
		{
			name: "ignore with no reason and ignores that suppress nothing",
			src: `package lib
func f() {
	x := 1 //confined:ignore
	//confined:ignore
	//confined:ignore twice on one line
	_ = x
}
//confined:ignore at the end of the file`,
			want: []string{
				`//confined:ignore needs a reason`,
				`//confined:ignore needs a reason`,
				`this //confined:ignore suppresses nothing`,
				`this //confined:ignore suppresses nothing`,
			},
		},
	})
}

// TestRobustUnusualDirectives: directives on unusual but valid code (an
// interface type, an embedded field, a generic method, a file that //line
// directives move) are honoured.
func TestRobustUnusualDirectives(t *testing.T) {
	checkBadDirectives(t, []badDirectiveCase{
		{
			name: "owner on an interface type, called from a goroutine",
			src: `package lib
//confined:owner
type I interface{ Do() }
type impl struct{}
func (impl) Do() {}
func f(i I) { go i.Do() }`,
			// The contract says a confined type's methods are confined
			// state; an interface type is a type. Either honour that or
			// say the marker has no effect: silence is the bug.
			want: []string{`calls confined \(lib.I\).Do off the owner`},
		},
		{
			name: "any on an embedded field and on a generic method",
			src: `package lib
import "sync"
//confined:owner
type T[P any] struct {
	//confined:any
	sync.Mutex
	v P
}
//confined:any
func (t *T[P]) Peek() {}
func f(t *T[int]) { go func() { t.Lock(); t.Peek(); t.Unlock() }() }`,
			want: nil,
		},
		{
			name: "a //line directive moves the positions of directives",
			src: `package lib
//line other.go:100:1
//confined:bogus
func f() {}`,
			want: []string{`unknown directive //confined:bogus`},
		},
	})
}

// TestRobustCgoGeneric runs the analyzer the way singlechecker does, on a
// cgo package that go/packages loads from a module on disk: its confined
// generic type, whose field has a C type, is analyzed and reported as usual.
func TestRobustCgoGeneric(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with the go command")
	}
	out, err := exec.Command("go", "env", "CGO_ENABLED").Output()
	if err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("cgo is disabled")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/robust\n\ngo 1.26\n",
		"withcgo/withcgo.go": `package withcgo

// static int twice(int x) { return 2 * x; }
import "C"

//confined:owner
type Box[T any] struct{ v T; n C.int }

func (b *Box[T]) Bump() { b.n = C.twice(b.n) }

func Spawn(b *Box[string]) {
	go b.Bump()
}
`,
	}
	writeFiles(t, dir, files)
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the cgo package does not load")
	}
	graph, err := analysischecker.Analyze([]*analysis.Analyzer{Analyzer}, pkgs,
		&analysischecker.Options{SanityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(graph.Roots) != 1 || graph.Roots[0].Package.PkgPath != "example.com/robust/withcgo" {
		t.Fatalf("roots %v, want the cgo package alone", graph.Roots)
	}
	act := graph.Roots[0]
	if act.Err != nil {
		t.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
	}
	var msgs []string
	for _, d := range act.Diagnostics {
		p := act.Package.Fset.Position(d.Pos)
		msgs = append(msgs, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, d.Message))
	}
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0],
		"withcgo.go:12: calls confined (*withcgo.Box[T]).Bump off the owner") {
		t.Errorf("findings %q, want the go statement's call of Bump at withcgo.go:12", msgs)
	}
}

// writeFiles writes files (path relative to dir -> text) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// An interface type defined from another package's interface has that
// package's methods: their summaries are not this package's to export
// (found by -suggest on grpc's grpclog, whose LoggerV2 is defined from an
// internal package's). -strict and -suggest both summarize them.
func TestRobustInterfaceDefinedFromAnotherPackage(t *testing.T) {
	src := map[string]string{
		"lib/lib.go": `package lib
type Logger interface{ Log(s string) }`,
		"app/app.go": `package app
import "fz/lib"
//confined:owner
type S struct{ n int }
type Logger lib.Logger
type impl struct{ s *S }
func (i *impl) Log(string) { i.s.n++ }
func Use(l Logger) { go l.Log("x") }`,
	}
	for _, settings := range []Settings{{Strict: true}, {Suggest: true}, {}} {
		analyzeSources(t, src, settings) // must not panic
	}
}

// TestRobustSuggestOnForeignInterface: an implementation that sends its
// func parameter off the owner made -suggest propose async on the method
// of the interface it was defined from, in the other package's file (found
// by FuzzAnalyze). analyzeSources fails on a finding outside the package.
func TestRobustSuggestOnForeignInterface(t *testing.T) {
	for _, decl := range []string{"type J lib.I", "type J interface{ lib.I }", "type J = lib.I"} {
		src := map[string]string{
			"lib/lib.go": `package lib
type I interface{ Do(f func()) }`,
			"app/app.go": `package app
import "fz/lib"
` + decl + `
type mine struct{}
func (mine) Do(f func()) { go f() }
var _ J = mine{}`,
		}
		analyzeSources(t, src, Settings{Suggest: true, Strict: true})
	}
}
