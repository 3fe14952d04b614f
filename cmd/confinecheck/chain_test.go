package main_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// acrossPackages are analysistest packages split over packages, each set
// run as a module of its own: the motivating bug over four packages (the
// retry is scheduled in region, through the future library, into rpc,
// which touches the confined gateway in netstate), a package handing one
// package's type to another's interface that the other calls off the
// owner, hooks stored in other packages' fields, which their functions
// call, and an actor handed to an interface another actor's turns call.
// A framework's stand-in (a github.com path) is a module of its own,
// which the set's module replaces: the built-in packs know it by path.
var acrossPackages = map[string][]string{
	"chain":      {"future", "actor", "chain/netstate", "chain/rpc", "chain/region"},
	"converted":  {"converted/jobs", "converted/board", "converted/app"},
	"hookfields": {"hookfields/importer", "hookfields/tracked", "hookfields/app"},
	"turnwired":  {"github.com/anthdm/hollywood/actor", "turnwired/worker", "turnwired/dispatch", "turnwired/app"},
}

// wantDiagnostic matches a "// want `...`" diagnostic expectation.
var wantDiagnostic = regexp.MustCompile("// want `([^`]*)`")

// TestVetAcrossPackages runs each set of packages through go vet, which
// analyses each package in its own process: the findings prove that
// directives and summaries survive serialization as facts.
func TestVetAcrossPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	for name, pkgs := range acrossPackages {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			vetAcrossPackages(t, "example.com/"+name, pkgs)
		})
	}
}

func vetAcrossPackages(t *testing.T, module string, pkgs []string) {
	goMod := "module " + module + "\n\ngo 1.26\n"
	files := map[string]string{}
	var want []finding
	for _, pkg := range pkgs {
		if framework, ok := frameworkModule(pkg); ok {
			goMod += "\nrequire " + framework + " v0.0.0\n\nreplace " + framework + " => ./third_party/" + framework + "\n"
			files["third_party/"+framework+"/go.mod"] = "module " + framework + "\n\ngo 1.26\n"
		}
		dir := filepath.Join("..", "..", "testdata", "src", filepath.FromSlash(pkg))
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			src, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			name := pkg + "/" + e.Name()
			if _, ok := frameworkModule(pkg); ok {
				name = "third_party/" + name
			}
			files[name] = modulePaths(string(src), module, pkgs)
			for i, line := range strings.Split(string(src), "\n") {
				if m := wantDiagnostic.FindStringSubmatch(line); m != nil {
					want = append(want, finding{file: name, line: i + 1, message: m[1]})
				}
			}
		}
	}
	if len(want) == 0 {
		t.Fatal("the packages carry no // want diagnostics")
	}
	files["go.mod"] = goMod
	c := setupModule(t, files)
	res := c.runEnv(t, c.vetCache(t), c.goTool, "vet", "-vettool="+c.binary, "./...")
	got := parseText(t, c.module, res.stderr)
	// The messages are the testdata's. Their lines are too, but for a
	// touch in another package of the module, which a module's run
	// reports at its own lines, one per line the race detector names
	// there (analysistest, without a module, at the call): the
	// standalone run, which keeps facts in memory, agrees.
	used := make([]bool, len(got))
	for _, w := range want {
		matched := false
		for i, g := range got {
			if regexp.MustCompile(w.message).MatchString(g.message) {
				used[i], matched = true, true
			}
		}
		if !matched {
			t.Errorf("go vet reported no finding matching %v", w)
		}
	}
	for i, g := range got {
		if !used[i] {
			t.Errorf("go vet reported %v, which no // want of the testdata matches", g)
		}
	}
	standalone := parseText(t, c.module, c.run(t, c.binary, "./...").stderr)
	sortFindings(got)
	sortFindings(standalone)
	if !slices.Equal(got, standalone) {
		t.Errorf("go vet's findings:\n%s\nare not the standalone run's:\n%s", listFindings(got), listFindings(standalone))
	}
}

// frameworkModule returns the module of pkg, a framework's stand-in
// (its path starts with github.com/: owner and repository name it).
func frameworkModule(pkg string) (string, bool) {
	parts := strings.Split(pkg, "/")
	if parts[0] != "github.com" || len(parts) < 3 {
		return "", false
	}
	return strings.Join(parts[:3], "/"), true
}

// modulePaths rewrites the GOPATH-style imports of the testdata packages
// pkgs into paths of module.
func modulePaths(src, module string, pkgs []string) string {
	for _, pkg := range pkgs {
		if _, ok := frameworkModule(pkg); ok {
			continue // imported by its own path
		}
		src = strings.ReplaceAll(src, `"`+pkg+`"`, `"`+module+`/`+pkg+`"`)
	}
	return src
}

// flagsModule hands a closure to a function that runs it on a worker
// goroutine through a channel, which no summary can see: only a flag
// declaring the function async makes the touch a finding.
var flagsModule = map[string]string{
	"go.mod": "module example.com/flags\n\ngo 1.26\n",
	"lib/lib.go": `package lib

var jobs = make(chan func(), 8)

func init() {
	go func() {
		for f := range jobs {
			f()
		}
	}()
}

// Submit runs f on the worker goroutine.
func Submit(f func()) { jobs <- f }
`,
	"user/user.go": `package user

import "example.com/flags/lib"

//confined:owner
type State struct{ n int }

func Use(s *State) {
	lib.Submit(func() {
		s.n++
	})
}
`,
}

// TestVetFlags passes the analyzer's flags through go vet, in the qualified
// spelling docs/directives.md documents and in the plain one.
func TestVetFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setupModule(t, flagsModule)
	res := c.runEnv(t, c.vetCache(t), c.goTool, "vet", "-vettool="+c.binary, "./...")
	res.requireExit(t, 0)
	for _, spelling := range []string{"-confinecheck.async", "-async"} {
		res := c.runEnv(t, c.vetCache(t), c.goTool, "vet", "-vettool="+c.binary, spelling+"=example.com/flags/lib.Submit", "./...")
		got := parseText(t, c.module, res.stderr)
		if len(got) != 1 || got[0].file != "user/user.go" || got[0].line != 10 || !strings.Contains(got[0].message, "runs via lib.Submit") {
			t.Errorf("go vet %s: got %v, want one finding at user/user.go:10 via lib.Submit\n%s", spelling, got, res)
		}
	}
}
