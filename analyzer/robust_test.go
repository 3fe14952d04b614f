package analyzer

// Bad input that testdata/src/directives does not already cover: each case
// must give a clear diagnostic or a clean skip, never a panic. The cases run
// through checker.Analyze, on sources type-checked in process (see
// analyzeSources in fuzz_test.go), or on packages loaded with go/packages
// where the driver's own handling matters (type errors, cgo).

import (
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

func TestRobustBadDirectives(t *testing.T) {
	tests := []struct {
		name string
		src  string
		// want holds a regexp per expected finding, in order of position;
		// nil expects none.
		want []string
		// bug, when set, describes a known analyzer bug: the case is
		// skipped while the findings differ from want.
		bug string
	}{
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
			name: "PARAM naming the receiver",
			src: `package lib
type T struct{}
//confined:async t
func (t *T) Do(f func()) { go f() }`,
			want: []string{`//confined:async names "t", which is not a parameter of Do`},
		},
		{
			name: "PARAM naming a variadic func parameter",
			src: `package lib
//confined:async fs
func Go(fs ...func()) { for _, f := range fs { go f() } }`,
			want: []string{`//confined:async names parameter fs of Go, whose type \[\]func\(\) is not a func`},
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
}`,
			want: []string{`writes confined main.local.n off the owner`},
		},
		{
			name: "completes on a func returning a plain value",
			src: `package lib
//confined:completes async
func N() int { return 1 }`,
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := analyzeSources(t, map[string]string{"lib/lib.go": tt.src}, false)
			if tt.bug != "" && !matchAll(got, tt.want) {
				t.Skipf("analyzer bug: %s; findings: %q", tt.bug, got)
			}
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

func matchAll(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	for i, w := range want {
		if !regexp.MustCompile(w).MatchString(got[i]) {
			return false
		}
	}
	return true
}

// TestRobustLoadedPackages runs the analyzer the way singlechecker does, on
// packages that go/packages loads from a module on disk: a package with a
// confined type that fails to type-check (and a package importing it) is
// skipped with an error, not analyzed; a cgo package with a confined generic
// type is analyzed as usual.
func TestRobustLoadedPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with the go command")
	}
	cgo := true
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		cgo = false
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/robust\n\ngo 1.26\n",
		"bad/bad.go": `package bad

//confined:owner
type State struct{ n int }

func (s *State) Inc() { s.n++ }

func broken() int { return "not an int" }
`,
		"user/user.go": `package user

import "example.com/robust/bad"

func Spawn(s *bad.State) { go s.Inc() }
`,
	}
	if cgo {
		files["withcgo/withcgo.go"] = `package withcgo

// static int twice(int x) { return 2 * x; }
import "C"

//confined:owner
type Box[T any] struct{ v T; n C.int }

func (b *Box[T]) Bump() { b.n = C.twice(b.n) }

func Spawn(b *Box[string]) {
	go b.Bump() // want
}
`
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir, Tests: false}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	graph, err := analysischecker.Analyze([]*analysis.Analyzer{Analyzer}, pkgs, &analysischecker.Options{SanityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[string]bool)
	for _, act := range graph.Roots {
		path := act.Package.PkgPath
		seen[path] = true
		switch path {
		case "example.com/robust/bad":
			if act.Err == nil || !strings.Contains(act.Err.Error(), "analysis skipped due to errors in package") {
				t.Errorf("%s: err = %v, want the analysis skipped for its type errors", path, act.Err)
			}
		case "example.com/robust/user":
			// It type-checks against bad's (partial) types; the driver
			// skips it because its dependency's analysis failed.
			if act.Err == nil {
				t.Errorf("%s: analyzed although its dependency failed to type-check; findings %v", path, act.Diagnostics)
			}
		case "example.com/robust/withcgo":
			if act.Err != nil {
				t.Fatalf("%s: %v", path, act.Err)
			}
			if len(act.Diagnostics) != 1 || !strings.Contains(act.Diagnostics[0].Message, "calls confined (*withcgo.Box[T]).Bump off the owner") {
				var msgs []string
				for _, d := range act.Diagnostics {
					msgs = append(msgs, d.Message)
				}
				t.Errorf("%s: findings %q, want the go statement's call of Bump", path, msgs)
			}
		}
	}
	for _, want := range []string{"example.com/robust/bad", "example.com/robust/user"} {
		if !seen[want] {
			t.Errorf("package %s was not loaded", want)
		}
	}
	if cgo && !seen["example.com/robust/withcgo"] {
		t.Errorf("the cgo package was not loaded")
	}
}
