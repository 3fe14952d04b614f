package main_test

import (
	"strings"
	"testing"
)

// confModule declares a library in confinecheck.conf files: one at the
// module root for every package, one in a subdirectory for the packages
// below it. Packages outside the subdirectory do not see its file.
var confModule = map[string]string{
	"go.mod": "module example.com/c\n\ngo 1.26\n",
	"confinecheck.conf": `# The timer library, declared for the whole module.
async example.com/c/lib.Every
//confined:declare async example.com/c/lib.Every
hop example.com/c/lib.Loop.Pots
async example.com/c/lbi.Every
async example.com/c/lib2.Every
`,
	"lib/lib.go": `package lib

// Every runs f later, where the library decides.
func Every(f func())

// After runs f later, where the library decides.
func After(f func())

// Loop runs posted funcs one at a time.
type Loop struct{ ch chan func() }

func (l *Loop) Post(f func()) { l.ch <- f }
`,
	"lib/lib.s": "",
	"one/one.go": `package one

import "example.com/c/lib"

//confined:owner
type state struct{ n int }

func start(s *state) {
	lib.Every(func() { s.n++ })
	lib.After(func() { s.n++ })
}
`,
	"deep/confinecheck.conf": "async example.com/c/lib.After\nasync example.com/c/lib.Evrey\nasnyc example.com/c/lib.After\n",
	"deep/two/two.go": `package two

import "example.com/c/lib"

//confined:owner
type state struct{ n int }

func start(s *state) {
	lib.Every(func() { s.n++ })
	lib.After(func() { s.n++ })
}
`,
}

// A confinecheck.conf is found from every package's directory upwards to
// the module root, by the standalone checker and under go vet alike;
// files add up, and their mistakes are reported at their lines.
func TestConfFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setupModule(t, confModule)
	root, deep := c.module+"/confinecheck.conf", c.module+"/deep/confinecheck.conf"
	want := []string{
		"one/one.go:9:23: writes confined one.state.n off the owner: this code runs via lib.Every",
		"deep/two/two.go:9:23: writes confined two.state.n off the owner: this code runs via lib.Every",
		"deep/two/two.go:10:23: writes confined two.state.n off the owner: this code runs via lib.After",
		root + ":4:1: //confined:declare hop example.com/c/lib.Loop.Pots: lib.Loop has no method or field Pots; did you mean lib.Loop.Post?",
		root + ":5:1: //confined:declare async example.com/c/lbi.Every: no package example.com/c/lbi is in view; did you mean example.com/c/lib?",
		deep + `:2:1: //confined:declare async example.com/c/lib.Evrey: example.com/c/lib declares no function or type Evrey; did you mean lib.Every?`,
		deep + `:3:1: unknown verb "asnyc" in a declaration`,
	}
	// Only deep/ sees deep/'s file; a path that extends one in view
	// (lib2, lib) is another package, not a typo.
	notWant := []string{"one/one.go:10:", "lib2"}
	check := func(t *testing.T, res result, once bool) {
		for _, line := range want {
			line = strings.TrimPrefix(line, c.module+"/")
			n := strings.Count(res.stderr, line)
			if n == 0 || once && n != 1 {
				t.Errorf("want %q once, got it %d times\n%s", line, n, res)
			}
		}
		for _, line := range notWant {
			if strings.Contains(res.stderr, line) {
				t.Errorf("unexpected %q:\n%s", line, res)
			}
		}
	}
	t.Run("standalone", func(t *testing.T) {
		res := c.run(t, c.binary, "./...")
		res.requireExit(t, exitFindings)
		check(t, res, true)
	})
	t.Run("vet", func(t *testing.T) {
		t.Parallel()
		res := c.runEnv(t, c.vetCache(t), c.goTool, "vet", "-vettool="+c.binary, "./...")
		check(t, res, false)
	})
}
