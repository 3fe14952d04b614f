// The tests of the Bubble Tea example: checker_test.go runs confinecheck,
// with declarations/bubbletea.conf, on ./buggy, ./fixed and ./lookalike;
// race_test.go runs both counters, headless, under the race detector. This
// file has what they share: TestMain and the builds.
package bubbletea_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(drivenEnv); mode != "" {
		// A subprocess of TestRaceDetector*: run the driven refresh.
		if err := drivenRefresh(mode); err != nil {
			fmt.Fprintln(os.Stderr, "driven refresh:", err)
			os.Exit(1)
		}
		fmt.Println(drivenDone)
		os.Exit(0)
	}
	code := m.Run()
	for _, b := range []*build{&checkerBuild, &raceBuild} {
		if b.dir != "" {
			os.RemoveAll(b.dir)
		}
	}
	os.Exit(code)
}

// A build is a binary the tests build once and share.
type build struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// get builds the binary named name, with the go command's arguments args
// (after "-o path"), the first time; every later call returns that result.
func (b *build) get(t *testing.T, name string, args ...string) string {
	t.Helper()
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "bubbletea-example"); b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, name)
		cmd := exec.Command("go", append(append(args[:1:1], "-o", b.path), args[1:]...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go %v: %v\n%s", args, err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

var checkerBuild, raceBuild build

// checker returns the confinecheck binary, built from the checkout this
// example is in (go.mod's tool line and replace).
func checker(t *testing.T) string {
	return checkerBuild.get(t, "confinecheck", "build", "github.com/confinecheck/confinecheck/cmd/confinecheck")
}

// raceBinary returns a test binary of this package built with -race: this
// one when it is.
func raceBinary(t *testing.T) string {
	if raceEnabled {
		return os.Args[0]
	}
	return raceBuild.get(t, "bubbletea.test", "test", "-race", "-c", ".")
}
