package examplecheck

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// An Example is one example module's tests: set it up as a package
// variable of the test package and call its Main from TestMain.
type Example struct {
	// Name names the module in temporary directories and binaries
	// ("bubbletea").
	Name string
	// PackFile is the built-in pack's declarations file, relative to the
	// module's directory ("../../declarations/cron.conf"): RunCommon checks
	// that it, given with -declare and the built-in packs off, means what
	// the built-in pack does.
	PackFile string
	// Driven is the scenario the race tests run, if there are any.
	Driven *Driven
	// Packages are the packages the tests check ("./buggy"): a check of
	// some of them runs the checker on all of them, once per set of flags
	// (see CheckArgs).
	Packages []string

	checker, race, program build

	runsMu sync.Mutex
	runs   map[string]*memoRun // by the checker's arguments
}

// A Driven is a scenario the test binary runs instead of its tests when
// the environment variable Env names a mode ("buggy" or "fixed"). A race
// report fails the test that hits it, so the scenario runs in a subprocess
// (see Example.RunDriven) and the tests read its output.
type Driven struct {
	// Env is the environment variable that names the mode.
	Env string
	// Name is what messages call the scenario: "refresh" gives "driven
	// refresh done" and "the fixed refresh failed".
	Name string
	// Run runs the scenario in the mode named.
	Run func(mode string) error
	// Program, when not empty, is the import path of a main package that
	// runs the scenario instead of the test binary (Run is then unused):
	// it reads the mode from Env and prints Done() when it got through.
	// It is for frameworks that cannot be linked into the test binary,
	// Ebitengine's, whose package init opens the display and panics
	// without one.
	Program string
	// Display says that the scenario needs an X display: each run gets an
	// Xvfb of its own (see StartDisplay), named in its DISPLAY.
	Display bool
}

// Done is the last line the driven scenario prints when it got through.
func (d *Driven) Done() string { return "driven " + d.Name + " done" }

// Main runs the driven scenario if this is its subprocess, and the tests
// otherwise; then it removes what the tests built, and exits.
func (e *Example) Main(m *testing.M) {
	if d := e.Driven; d != nil {
		if mode := os.Getenv(d.Env); mode != "" {
			if err := d.Run(mode); err != nil {
				fmt.Fprintf(os.Stderr, "driven %s: %v\n", d.Name, err)
				os.Exit(1)
			}
			fmt.Println(d.Done())
			os.Exit(0)
		}
	}
	code := m.Run()
	e.checker.remove()
	e.race.remove()
	e.program.remove()
	os.Exit(code)
}

// Checker returns the confinecheck binary, built from the checkout the
// example is in (its go.mod's tool line and replace).
func (e *Example) Checker(t testing.TB) string {
	t.Helper()
	checker, err := e.buildChecker()
	if err != nil {
		t.Fatal(err)
	}
	return checker
}

// buildChecker builds the confinecheck binary the first time, and returns
// it.
func (e *Example) buildChecker() (string, error) {
	return e.checker.build(e.Name, "confinecheck", "build", "github.com/confinecheck/confinecheck/cmd/confinecheck")
}

// RaceBinary returns a test binary of the package in the current directory
// built with -race: this one when it is.
func (e *Example) RaceBinary(t testing.TB) string {
	t.Helper()
	if RaceEnabled {
		return os.Args[0]
	}
	return e.race.get(t, e.Name, e.Name+".test", "test", "-race", "-c", ".")
}

// DrivenBinary returns the binary that runs the driven scenario, built with
// -race: the Driven's Program if it has one, else the test binary
// (RaceBinary).
func (e *Example) DrivenBinary(t testing.TB) string {
	t.Helper()
	if p := e.Driven.Program; p != "" {
		return e.program.get(t, e.Name, e.Name+"-driven", "build", "-race", p)
	}
	return e.RaceBinary(t)
}

// A build is a binary the tests build once and share.
type build struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// get returns build's result, failing t if it failed.
func (b *build) get(t testing.TB, example, name string, args ...string) string {
	t.Helper()
	path, err := b.build(example, name, args...)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// build builds the binary named name, in a temporary directory named after
// example, with the go command's arguments args (after "-o path"), the first
// time; every later call returns that result.
func (b *build) build(example, name string, args ...string) (string, error) {
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", example+"-example"); b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, name)
		cmd := exec.Command("go", append(append(args[:1:1], "-o", b.path), args[1:]...)...)
		cmd.Env = append(os.Environ(), "GOFLAGS="+strings.Join(slices.DeleteFunc(strings.Fields(os.Getenv("GOFLAGS")), isRace), " "))
		if out, err := cmd.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go %v: %v\n%s", args, err, out)
		}
	})
	return b.path, b.err
}

// isRace reports whether flag is the go command's -race. A module's tests
// may run with GOFLAGS=-race, so that its go vet runs, the checker's and
// its own, share the framework's build with its race tests (CI does);
// build leaves -race to the binaries that ask for it, and the checker
// stays uninstrumented.
func isRace(flag string) bool { return flag == "-race" || flag == "-race=true" }

// remove removes what get built, if anything.
func (b *build) remove() {
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}
