// Package integration holds end-to-end tests of confinecheck inside the
// tools users run it from. It is a module of its own so that the root
// module's go test ./... stays quick; .ci/run runs it.
package integration

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

const cleanGo = `package demo

// Counter belongs to the goroutine that owns it.
//
//confined:owner
type Counter struct{ n int }

// Inc bumps the counter.
func (c *Counter) Inc() { c.n++ }
`

const racyGo = `package demo

import "time"

// Later bumps c from a timer's goroutine.
func Later(c *Counter) {
	time.AfterFunc(time.Second, func() { c.n++ })
}
`

const racyMessage = "writes confined demo.Counter.n off the owner"

// TestPreCommit installs the repository's .pre-commit-hooks.yaml with the
// real pre-commit into a scratch git repository and commits to it: a
// clean commit passes both hooks, a racy one is blocked by both, and so is
// one of a mistaken confinecheck.conf alone.
func TestPreCommit(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("installs the hooks with pre-commit (a go install); skipped with -short")
	}
	preCommit, err := exec.LookPath("pre-commit")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pre-commit is not installed; .ci/run installs it (apt-get install pre-commit)")
		}
		t.Skip("pre-commit is not installed (apt-get install pre-commit, or pip install pre-commit)")
	}
	tmp := t.TempDir()
	hooks, rev := snapshotRepository(t, filepath.Join(tmp, "hooks"))

	project := filepath.Join(tmp, "project")
	s := &shell{t: t, dir: project, env: gitEnv(t, tmp)}
	write(t, project, "go.mod", "module example.com/demo\n\ngo 1.26\n")
	s.mustRun("git", "init", "-q", "-b", "main")
	write(t, project, ".pre-commit-config.yaml", fmt.Sprintf(`repos:
  - repo: %s
    rev: %s
    hooks:
      - id: confinecheck
      - id: confinecheck-vet
`, hooks, rev))
	write(t, project, "demo.go", cleanGo)
	s.mustRun(preCommit, "install")

	// pre-commit builds the hooks on the first commit: time it apart.
	start := time.Now()
	s.mustRun(preCommit, "install-hooks")
	t.Logf("pre-commit install-hooks (go install of the hooks) took %s", time.Since(start).Round(time.Millisecond))

	s.mustRun("git", "add", "-A")
	res := s.run("git", "commit", "-q", "-m", "clean")
	if res.code != 0 {
		t.Fatalf("the clean commit was blocked\n%s", res)
	}
	for _, hook := range []string{"confinecheck", "confinecheck (go vet)"} {
		requireHook(t, res.stdout+res.stderr, hook, "Passed")
	}

	write(t, project, "racy.go", racyGo)
	s.mustRun("git", "add", "racy.go")
	res = s.run("git", "commit", "-q", "-m", "racy")
	if res.code == 0 {
		t.Fatalf("the racy commit went through\n%s", res)
	}
	out := res.stdout + res.stderr
	for _, hook := range []string{"confinecheck", "confinecheck (go vet)"} {
		requireHook(t, out, hook, "Failed")
	}
	if n := len(regexp.MustCompile(`racy\.go:7:\d+: `+regexp.QuoteMeta(racyMessage)).FindAllString(out, -1)); n != 2 {
		t.Errorf("want the finding at racy.go:7 from each hook, got %d\n%s", n, out)
	}
	if log := s.mustRun("git", "log", "--format=%s"); strings.TrimSpace(log) != "clean" {
		t.Errorf("history after the blocked commit:\n%s", log)
	}

	// A commit of a confinecheck.conf alone runs the hooks too, and both
	// read it: its mistake blocks the commit, reported at its line.
	s.mustRun("git", "rm", "-q", "--cached", "racy.go")
	if err := os.Remove(filepath.Join(project, "racy.go")); err != nil {
		t.Fatal(err)
	}
	write(t, project, "confinecheck.conf", "hopp example.com/demo.Later\n")
	s.mustRun("git", "add", "confinecheck.conf")
	res = s.run("git", "commit", "-q", "-m", "declarations")
	out = res.stdout + res.stderr
	if res.code == 0 {
		t.Fatalf("the commit of a mistaken confinecheck.conf went through\n%s", res)
	}
	for _, hook := range []string{"confinecheck", "confinecheck (go vet)"} {
		requireHook(t, out, hook, "Failed")
	}
	if n := strings.Count(out, `confinecheck.conf:1:1: unknown verb "hopp" in a declaration`); n != 2 {
		t.Errorf("want the mistake at confinecheck.conf:1 from each hook, got %d\n%s", n, out)
	}
}

// snapshotRepository commits the working tree of this repository (tracked
// and untracked files that git does not ignore, as they are on disk) to a
// new git repository at dir, so that pre-commit, which clones a hook
// repository at a revision, tests uncommitted changes too. It returns dir
// and the commit.
func snapshotRepository(t *testing.T, dir string) (string, string) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	s := &shell{t: t, dir: root, env: gitEnv(t, filepath.Dir(dir))}
	var files []string
	if res := s.run("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"); res.code == 0 {
		files = strings.Split(strings.TrimRight(res.stdout, "\x00"), "\x00")
	} else { // not a git checkout (a source archive): take everything
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			files = append(files, filepath.ToSlash(rel))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		write(t, dir, name, string(data))
	}
	if _, err := os.Stat(filepath.Join(dir, ".pre-commit-hooks.yaml")); err != nil {
		t.Fatalf("the snapshot has no .pre-commit-hooks.yaml: %v", err)
	}
	s.dir = dir
	s.mustRun("git", "init", "-q", "-b", "main")
	s.mustRun("git", "add", "-A")
	s.mustRun("git", "commit", "-q", "-m", "snapshot of the working tree")
	return dir, strings.TrimSpace(s.mustRun("git", "rev-parse", "HEAD"))
}

// requireHook requires pre-commit's status line for hook, such as
// "confinecheck.....Passed".
func requireHook(t *testing.T, out, hook, status string) {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, hook+".") && strings.HasSuffix(strings.TrimSpace(line), status) {
			return
		}
	}
	t.Errorf("no %q line for hook %q in\n%s", status, hook, out)
}

// gitEnv is the environment for git and pre-commit: a fixed identity, no
// global git configuration (an empty file of the test's own, so that git
// never depends on the machine's /dev/null), pre-commit's cache under tmp,
// and the Go
// module cache shared with this run so that go install downloads nothing
// again (pre-commit points GOPATH at its own directory).
func gitEnv(t *testing.T, tmp string) []string {
	t.Helper()
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOMODCACHE: %v", err)
	}
	global := filepath.Join(tmp, "gitconfig")
	if err := os.WriteFile(global, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return append(os.Environ(),
		"GIT_AUTHOR_NAME=test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=test", "GIT_COMMITTER_EMAIL=test@example.com",
		"GIT_CONFIG_GLOBAL="+global, "GIT_CONFIG_NOSYSTEM=1",
		"PRE_COMMIT_HOME="+filepath.Join(tmp, "pre-commit-home"),
		"GOMODCACHE="+strings.TrimSpace(string(modcache)),
		"GOFLAGS=", "GOWORK=off",
	)
}
