package main_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// declareModule has a library it cannot annotate and two packages using
// it; the library is declared through flags and a -declare file.
var declareModule = map[string]string{
	"go.mod": "module example.com/d\n\ngo 1.26\n",
	"lib/lib.go": `package lib

// Every runs f on a timer goroutine.
func Every(f func()) { go f() }

// Loop runs posted funcs one at a time.
type Loop struct{ ch chan func() }

func (l *Loop) Post(f func()) { l.ch <- f }
`,
	"one/one.go": `package one

import "example.com/d/lib"

//confined:owner
type state struct{ n int }

func start(s *state) {
	lib.Every(func() { s.n++ })
}
`,
	"two/two.go": `package two

import "example.com/d/lib"

func start(l *lib.Loop) { l.Post(func() {}) }
`,
	// Declarations in source reach every package above, also under go vet,
	// which passes package facts only to direct importers.
	"decls/decls.go": `package decls

//confined:declare async example.com/d/lib.Every
`,
	"mid/mid.go": "package mid\n\nimport _ \"example.com/d/decls\"\n",
	"top/top.go": `package top

import (
	_ "example.com/d/mid"
	"example.com/d/lib"
)

//confined:owner
type state struct{ n int }

func start(s *state) {
	lib.Every(func() { s.n++ })
}
`,
	"decls.txt": `# The library, declared.
//confined:declare async example.com/d/lib.Every
hop example.com/d/lib.Loop.Pots
`,
}

// Declarations given outside Go source resolve in every package that sees
// their package, and what names nothing is reported once per run of the
// standalone checker and once per package under go vet.
func TestDeclarationsOutsideSource(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setupModule(t, declareModule)
	decls := filepath.Join(c.module, "decls.txt")
	const (
		touch      = "writes confined one.state.n off the owner: this code runs via lib.Every"
		fromFile   = "-: -declare " + "DECLS" + ":3: //confined:declare hop example.com/d/lib.Loop.Pots: lib.Loop has no method or field Pots; did you mean lib.Loop.Post?"
		fromFlag   = "-: -async example.com/d/lib.Evrey: example.com/d/lib declares no function or type Evrey; did you mean lib.Every?"
		notParam   = "-: -sync names \"g\", which is not a parameter of lib.Every; did you mean f?"
		flagsGiven = "-async=example.com/d/lib.Evrey"
	)
	wantFile := strings.Replace(fromFile, "DECLS", decls, 1)

	t.Run("standalone", func(t *testing.T) {
		res := c.run(t, c.binary, "-declare", decls, flagsGiven, "-sync=example.com/d/lib.Every:g", "./...")
		res.requireExit(t, exitFindings)
		requireContains(t, res.stderr, touch)
		for _, line := range []string{wantFile, fromFlag, notParam} {
			if n := strings.Count(res.stderr, line+"\n"); n != 1 {
				t.Errorf("want %q once, got it %d times\n%s", line, n, res)
			}
		}
	})

	t.Run("vet", func(t *testing.T) {
		t.Parallel()
		res := c.runEnv(t, c.vetCache(t), c.goTool, "vet", "-vettool="+c.binary,
			"-confinecheck.declare="+decls, "-confinecheck.async=example.com/d/lib.Evrey", "./...")
		requireContains(t, res.stderr, touch)
		// lib, one, two and top see lib; decls and mid do not.
		if n := strings.Count(res.stderr, fromFlag+"\n"); n != 4 {
			t.Errorf("want %q once per package that sees lib (4), got it %d times\n%s", fromFlag, n, res)
		}
	})

	t.Run("through two packages", func(t *testing.T) {
		t.Parallel()
		const viaDecls = "writes confined top.state.n off the owner: this code runs via lib.Every"
		res := c.run(t, c.binary, "./top")
		res.requireExit(t, exitFindings)
		requireContains(t, res.stderr, viaDecls)
		res = c.runEnv(t, c.vetCache(t), c.goTool, "vet", "-vettool="+c.binary, "./top")
		requireContains(t, res.stderr, viaDecls)
	})

	t.Run("explain", func(t *testing.T) {
		t.Parallel()
		res := c.run(t, c.binary, "-explain", "-async=example.com/d/lib.Every", "./...")
		res.requireExit(t, exitFindings)
		const explained = "-: explain: declaration async example.com/d/lib.Every (from -async) resolves to lib.Every, which is now confined:async[0]\n"
		if n := strings.Count(res.stderr, explained); n != 1 {
			t.Errorf("want %q once, got it %d times\n%s", explained, n, res)
		}
		requireContains(t, res.stderr, "explain: lib.Every is an inferred async sink of f: it hands it to a go statement")
	})

	t.Run("malformed file", func(t *testing.T) {
		t.Parallel()
		bad := filepath.Join(t.TempDir(), "bad.txt")
		if err := os.WriteFile(bad, []byte("hopp example.com/d/lib.Every\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		res := c.run(t, c.binary, "-declare", bad, "./...")
		res.requireExit(t, 2) // the flag package's status for a bad flag
		requireContains(t, res.stderr, bad+`:1: unknown verb "hopp" in a declaration`)
		requireContains(t, res.stderr, "did you mean hop?")
	})
}
