// The tests of the libp2p example: checker_test.go runs confinecheck, with
// declarations/libp2p.conf, on ./buggy and ./fixed. This file has what they
// share: TestMain and the checker's build.
package libp2p_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if checkerBuild.dir != "" {
		os.RemoveAll(checkerBuild.dir)
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
		if b.dir, b.err = os.MkdirTemp("", "libp2p-example"); b.err != nil {
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

var checkerBuild build

// checker returns the confinecheck binary, built from the checkout this
// example is in (go.mod's tool line and replace).
func checker(t *testing.T) string {
	return checkerBuild.get(t, "confinecheck", "build", "github.com/confinecheck/confinecheck/cmd/confinecheck")
}
