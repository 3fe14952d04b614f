package main_test

// This is an end-to-end test of the confinecheck binary: it builds the
// command, writes a small module that uses only the standard library, and
// runs the checker on it the three ways users do (standalone, standalone
// with -json, and as a go vet tool), checking the findings, their
// positions and the exit statuses.

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// demoModule is the module under check. Lines carrying a "// want" marker
// are where findings are expected; "// no finding" lines must stay quiet.
var demoModule = map[string]string{
	"go.mod": `module example.com/demo

go 1.26
`,
	"demo/demo.go": `package demo

import "time"

//confined:owner
type Counter struct{ n int }

func (c *Counter) Inc() { c.n++ } // want: user's goroutine in another package of the module

func Schedule(c *Counter) {
	time.AfterFunc(time.Second, func() {
		c.Inc() // want: the timer's call, Inc being a one-line helper that the owner's code (Touch) calls too
	})
}

func Fine(c *Counter, done chan struct{}) {
	time.AfterFunc(time.Second, func() { done <- struct{}{} }) // no finding
}

// Touch touches c on whatever goroutine calls it; callers in other
// packages learn that through the analyzer's facts.
func Touch(c *Counter) { c.Inc() }
`,
	"user/user.go": `package user

import "example.com/demo/demo"

func Start(c *demo.Counter) {
	go demo.Touch(c) // its finding is at Inc's write, the line the race detector names
}

func Owner(c *demo.Counter) {
	demo.Touch(c) // no finding
}
`,
	"clean/clean.go": `package clean

import (
	"time"

	"example.com/demo/demo"
)

// Run keeps c on the calling goroutine and only signals from the timer.
func Run(c *demo.Counter) {
	done := make(chan struct{})
	time.AfterFunc(time.Millisecond, func() { close(done) }) // no finding
	<-done
	demo.Touch(c) // no finding
}
`,
}

const (
	incMessage = "calls confined (*demo.Counter).Inc off the owner"
	// exitFindings is what singlechecker exits with when it reports
	// diagnostics in text mode.
	exitFindings = 3
)

// A finding is one primary diagnostic, whatever the output format.
type finding struct {
	file    string // slash-separated, relative to the module root
	line    int
	message string
}

func (f finding) String() string { return fmt.Sprintf("%s:%d: %s", f.file, f.line, f.message) }

// checker holds what the subtests share: the built binary, the module and
// the environment to run commands with.
type checker struct {
	goTool string
	binary string // absolute
	module string // absolute, symlinks resolved
	env    []string
}

func TestConfinecheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setup(t)
	want := c.expected(t)

	// The standalone text run is the reference the other modes are
	// compared with, so it runs first; the rest may run in parallel.
	var reference []finding
	t.Run("standalone", func(t *testing.T) {
		res := c.run(t, c.binary, "./...")
		res.requireExit(t, exitFindings)
		// singlechecker writes text diagnostics to stderr.
		requireContains(t, res.stderr, incMessage)
		got := parseText(t, c.module, res.stderr)
		checkFindings(t, c.module, got, want)
		if !t.Failed() {
			reference = got
		}
	})

	t.Run("json", func(t *testing.T) {
		t.Parallel()
		res := c.run(t, c.binary, "-json", "./...")
		// In -json mode singlechecker prints the diagnostics to stdout and
		// exits 0: findings are data, not a failure.
		res.requireExit(t, 0)
		got := parseJSON(t, c.module, res.stdout)
		checkFindings(t, c.module, got, want)
		sameMessages(t, got, reference)
	})

	t.Run("vet", func(t *testing.T) {
		t.Parallel()
		// A build cache of this test binary's, so that vet's cached results
		// cannot stand in for a run of this binary.
		res := c.runEnv(t, c.vetCache(t), c.goTool, "vet", "-vettool="+c.binary, "./...")
		if res.code == 0 {
			t.Fatalf("go vet exited 0 despite findings\n%s", res)
		}
		got := parseText(t, c.module, res.stderr)
		checkFindings(t, c.module, got, want)
		sameMessages(t, got, reference)
	})

	t.Run("clean", func(t *testing.T) {
		t.Parallel()
		res := c.run(t, c.binary, "./clean")
		res.requireExit(t, 0)
		if strings.TrimSpace(res.stdout+res.stderr) != "" {
			t.Fatalf("clean package produced output\n%s", res)
		}
		res = c.run(t, c.binary, "-json", "./clean")
		res.requireExit(t, 0)
		if got := parseJSON(t, c.module, res.stdout); len(got) != 0 {
			t.Fatalf("clean package: unexpected findings in -json mode: %v", got)
		}
		// Its own build cache: go vet replays the cached diagnostics of a
		// dependency (demo) vetted earlier as a root, even when that
		// dependency is now only analyzed for facts.
		res = c.runEnv(t, append(slices.Clip(c.env), "GOCACHE="+t.TempDir()), c.goTool, "vet", "-vettool="+c.binary, "./clean")
		res.requireExit(t, 0)
	})
}

// setup builds the command and writes the demo module.
func setup(t *testing.T) *checker {
	return setupModule(t, demoModule)
}

// setupModule builds the command (once per test binary) and writes files,
// a map from slash-separated path to content, as a module of its own.
func setupModule(t *testing.T, files map[string]string) *checker {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("go tool not found: %v", err)
	}
	// GOFLAGS and GOWORK from the caller must not change what is built or
	// which module the demo belongs to.
	env := append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	c := &checker{goTool: goTool, env: env}

	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "confinecheck-bin")
		if err != nil {
			buildErr = err.Error()
			return
		}
		builtBinary = filepath.Join(dir, "confinecheck")
		// -buildvcs=false: VCS stamping is irrelevant here and fails in
		// checkouts git refuses to read (another owner, no .git).
		if res := c.run(t, goTool, "build", "-buildvcs=false", "-o", builtBinary, "."); res.code != 0 {
			buildErr = res.String()
		}
	})
	if buildErr != "" {
		t.Fatalf("building confinecheck: %s", buildErr)
	}
	c.binary = builtBinary

	// Resolve symlinks (macOS's /var -> /private/var) so that the paths
	// the tools print agree with ours.
	c.module, err = filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range files {
		path := filepath.Join(c.module, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// The command is built once per test binary, into a directory TestMain
// removes.
var (
	buildOnce   sync.Once
	builtBinary string
	buildErr    string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if builtBinary != "" {
		os.RemoveAll(filepath.Dir(builtBinary))
	}
	os.Exit(code)
}

// expected returns the findings the demo module must produce: one on every
// "// want" line, with the Counter.Inc message.
func (c *checker) expected(t *testing.T) []finding {
	t.Helper()
	var want []finding
	for name, src := range demoModule {
		for i, line := range strings.Split(src, "\n") {
			if strings.Contains(line, "// want") {
				want = append(want, finding{file: name, line: i + 1, message: incMessage})
			}
		}
	}
	sortFindings(want)
	if len(want) != 2 {
		t.Fatalf("demo module should want two findings, wants %d", len(want))
	}
	return want
}

// checkFindings requires exactly the wanted findings (by file, line and
// message prefix) and none on a "// no finding" line.
func checkFindings(t *testing.T, module string, got, want []finding) {
	t.Helper()
	sortFindings(got)
	for _, f := range got {
		if src, ok := demoModule[f.file]; ok {
			if lines := strings.Split(src, "\n"); f.line >= 1 && f.line <= len(lines) && strings.Contains(lines[f.line-1], "// no finding") {
				t.Errorf("finding on a line that must stay quiet: %v", f)
			}
		}
	}
	ok := len(got) == len(want)
	for i := 0; ok && i < len(got); i++ {
		ok = got[i].file == want[i].file && got[i].line == want[i].line && strings.HasPrefix(got[i].message, want[i].message)
	}
	if !ok {
		t.Errorf("findings in %s:\ngot:\n%s\nwant (message prefix):\n%s", module, listFindings(got), listFindings(want))
	}
}

// sameMessages requires the full messages of got to be those of the
// standalone text run (when that run passed), finding by finding.
func sameMessages(t *testing.T, got, reference []finding) {
	t.Helper()
	if reference == nil || len(got) != len(reference) {
		return // checkFindings has said what is wrong
	}
	for i := range got {
		if got[i] != reference[i] {
			t.Errorf("message differs from the standalone run:\ngot:  %v\nwant: %v", got[i], reference[i])
		}
	}
}

func sortFindings(fs []finding) {
	slices.SortFunc(fs, func(a, b finding) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.line, b.line), strings.Compare(a.message, b.message))
	})
}

func listFindings(fs []finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "\t%v\n", f)
	}
	return b.String()
}

// textLine matches "file.go:LINE:COL: message". Related information
// follows its diagnostic as the same shape with a tab-indented message.
var textLine = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): (.*)$`)

// posn matches a JSON "posn": "file.go:LINE:COL".
var posn = regexp.MustCompile(`^(.+\.go):(\d+):(\d+)$`)

// parseText reads the primary diagnostics of the text output, which the
// standalone checker prints with absolute paths and go vet with paths
// relative to the working directory.
func parseText(t *testing.T, module, out string) []finding {
	t.Helper()
	var fs []finding
	for _, line := range strings.Split(out, "\n") {
		m := textLine.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(m[4], "\t") {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		fs = append(fs, finding{file: relFile(t, module, m[1]), line: n, message: m[4]})
	}
	return fs
}

// jsonDiagnostic is one entry of singlechecker's -json output, which maps
// package path -> analyzer name -> diagnostics (or {"error": ...} when the
// analyzer failed on that package).
type jsonDiagnostic struct {
	Category string        `json:"category"`
	Posn     string        `json:"posn"`
	End      string        `json:"end"`
	Message  string        `json:"message"`
	Related  []jsonRelated `json:"related"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

func parseJSON(t *testing.T, module, out string) []finding {
	t.Helper()
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("-json output is not a package -> analyzer map: %v\n%s", err, out)
	}
	var fs []finding
	for pkg, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			if name != "confinecheck" {
				t.Errorf("%s: unexpected analyzer %q in -json output", pkg, name)
			}
			var diags []jsonDiagnostic
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("%s/%s: not a list of diagnostics (an analysis error?): %s", pkg, name, raw)
			}
			for _, d := range diags {
				m := posn.FindStringSubmatch(d.Posn)
				if m == nil {
					t.Fatalf("%s: posn %q is not file:line:col", pkg, d.Posn)
				}
				if !filepath.IsAbs(m[1]) {
					t.Errorf("%s: posn %q is not absolute", pkg, d.Posn)
				}
				if len(d.Related) == 0 {
					t.Errorf("%s: %s: no related position for the sink", pkg, d.Posn)
				}
				n, _ := strconv.Atoi(m[2])
				f := finding{file: relFile(t, module, m[1]), line: n, message: d.Message}
				// Filed under the package whose code left the owner: its
				// own file's, or, at a touch in another package of the
				// module, the one a related position (the sink) is in.
				filedUnder := func(at string) bool {
					m := posn.FindStringSubmatch(at)
					return m != nil && pkg == "example.com/demo/"+pathDir(relFile(t, module, m[1]))
				}
				if !filedUnder(d.Posn) && !slices.ContainsFunc(d.Related, func(r jsonRelated) bool { return filedUnder(r.Posn) }) {
					t.Errorf("finding %v filed under package %q, which none of its positions is in", f, pkg)
				}
				fs = append(fs, f)
			}
		}
	}
	return fs
}

func pathDir(file string) string {
	if i := strings.LastIndex(file, "/"); i >= 0 {
		return file[:i]
	}
	return "."
}

// relFile returns file relative to the module root, slash-separated.
func relFile(t *testing.T, module, file string) string {
	t.Helper()
	if !filepath.IsAbs(file) {
		return filepath.ToSlash(filepath.Clean(file))
	}
	rel, err := filepath.Rel(module, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		t.Errorf("reported file %s is outside the module %s", file, module)
		return file
	}
	return filepath.ToSlash(rel)
}

func requireContains(t *testing.T, out, substr string) {
	t.Helper()
	if !strings.Contains(out, substr) {
		t.Fatalf("output does not contain %q:\n%s", substr, out)
	}
}

// A result is a finished command.
type result struct {
	cmd            string
	stdout, stderr string
	code           int
}

func (r result) String() string {
	return fmt.Sprintf("$ %s\nexit status %d\n--- stdout:\n%s--- stderr:\n%s", r.cmd, r.code, r.stdout, r.stderr)
}

func (r result) requireExit(t *testing.T, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("want exit status %d\n%s", code, r)
	}
}

// vetCache returns the environment with the build cache the go vet runs
// of this test binary share: empty when the first starts, so that no
// result of an older binary is replayed, and then filled once with the
// standard library's export data. Each test's module is at a path of its
// own, which keeps their results apart.
func (c *checker) vetCache(t *testing.T) []string {
	if builtBinary == "" {
		t.Fatal("vetCache before the command is built")
	}
	return append(slices.Clip(c.env), "GOCACHE="+filepath.Join(filepath.Dir(builtBinary), "gocache"))
}

// run runs a command in the demo module (in the current directory before
// the module exists) with the checker's environment.
func (c *checker) run(t *testing.T, name string, args ...string) result {
	t.Helper()
	return c.runEnv(t, c.env, name, args...)
}

func (c *checker) runEnv(t *testing.T, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = c.module
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := result{
		cmd:    strings.Join(append([]string{filepath.Base(name)}, args...), " "),
		stdout: stdout.String(),
		stderr: stderr.String(),
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.code = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v", res.cmd, err)
	}
	return res
}
