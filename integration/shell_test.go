package integration

// What the end-to-end tests share: writing modules, building the
// repository's commands and running commands.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildCommands builds the repository's commands into a new directory.
func buildCommands(t *testing.T, cmds ...string) string {
	t.Helper()
	bin := t.TempDir()
	for _, cmd := range cmds {
		// Built in the command's directory, since cmd/confinecheck-sarif
		// is a module of its own (for its SARIF library) and the root
		// module does not contain it.
		build := exec.Command("go", "build", "-buildvcs=false", "-o", filepath.Join(bin, cmd), ".")
		build.Dir = filepath.Join("..", "cmd", cmd)
		build.Env = append(os.Environ(), "GOWORK=off")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build ./cmd/%s: %v\n%s", cmd, err, out)
		}
	}
	return bin
}

// moduleShell writes files into a new directory and returns a shell there
// with a fresh build cache (so that go vet runs the tool).
func moduleShell(t *testing.T, files map[string]string) *shell {
	t.Helper()
	dir := writeFiles(t, files)
	return &shell{t: t, dir: dir, env: append(os.Environ(), "GOFLAGS=", "GOWORK=off", "GOCACHE="+t.TempDir())}
}

// writeFiles writes files (slash-separated path -> content) into a new
// directory, with symlinks resolved so that paths the tools print agree.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range files {
		write(t, dir, name, src)
	}
	return dir
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	path := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A shell runs commands in dir.
type shell struct {
	t   *testing.T
	dir string
	env []string
}

type result struct {
	cmd            string
	stdout, stderr string
	code           int
}

func (r result) String() string {
	return fmt.Sprintf("$ %s\nexit status %d\n--- stdout:\n%s--- stderr:\n%s", r.cmd, r.code, r.stdout, r.stderr)
}

func (s *shell) run(name string, args ...string) result {
	s.t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = s.dir
	cmd.Env = s.env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := result{cmd: strings.Join(append([]string{filepath.Base(name)}, args...), " "), stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.code = exit.ExitCode()
	case err != nil:
		s.t.Fatalf("%s: %v", res.cmd, err)
	}
	return res
}

func (s *shell) mustRun(name string, args ...string) string {
	s.t.Helper()
	res := s.run(name, args...)
	if res.code != 0 {
		s.t.Fatalf("%s", res)
	}
	return res.stdout
}

func (r result) requireExit(t *testing.T, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("want exit status %d\n%s", code, r)
	}
}

func requireContains(t *testing.T, out, substr string) {
	t.Helper()
	if !strings.Contains(out, substr) {
		t.Fatalf("output does not contain %q:\n%s", substr, out)
	}
}
