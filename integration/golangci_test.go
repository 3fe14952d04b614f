package integration

// End-to-end test of the plugin inside a real golangci-lint:
// golangci/build.sh builds golangci-lint (the version in
// golangci/gcl/go.mod) with the plugin from the module proxy, and the test
// runs it on a small module with golangci/example/.golangci.yml, checking
// the findings, their related positions, what the settings change, errors
// in the settings, --fix, the SARIF output and the text output editors read.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// golangciModule is the module under check. lib stands for a third-party
// library whose functions keep the callbacks they are given, so that only
// the settings (golangci/example/.golangci.yml) tell where those run. Findings are
// expected on "// want" lines and nowhere else.
var golangciModule = map[string]string{
	"go.mod": "module example.com\n\ngo 1.26\n",
	"lib/lib.go": `// Package lib stands for a third-party library.
package lib

// A Client calls its handlers from its own goroutine.
type Client struct{ handlers []func() }

// OnDisconnect registers handler, which runs on the client's goroutine.
func (c *Client) OnDisconnect(handler func()) { c.handlers = append(c.handlers, handler) }

// A Loop runs the functions posted to it, in order, on its own goroutine.
type Loop struct{ queue chan func() }

// Post queues f to run on the loop.
func (l *Loop) Post(f func()) { l.queue <- f }
`,
	"app/app.go": `// Package app owns a counter.
package app

import (
	"time"

	"example.com/lib"
)

// Counter belongs to the loop that owns it.
//
//confined:owner
type Counter struct{ n int }

// Inc bumps the counter.
func (c *Counter) Inc() { c.n++ }

// Touch touches c on whatever goroutine calls it.
func Touch(c *Counter) { c.Inc() }

// Retry bumps c from a timer's goroutine.
func Retry(c *Counter) {
	time.AfterFunc(time.Second, func() {
		c.n++ // want
	})
}

// Watch bumps c from the client's goroutine: async in the settings.
func Watch(cl *lib.Client, c *Counter) {
	cl.OnDisconnect(func() {
		c.n++ // want
	})
}

// Hop posts the touch back to the loop: hop in the settings.
func Hop(l *lib.Loop, c *Counter) {
	go func() {
		l.Post(func() { c.n++ })
	}()
}
`,
	// The finding in another package needs the analyzer's facts about app.
	"user/user.go": `// Package user uses app's counter.
package user

import "example.com/app"

// Spawn touches c from a goroutine, through app.Touch.
func Spawn(c *app.Counter) {
	go app.Touch(c) // want
}

// Owner touches c where it runs.
func Owner(c *app.Counter) { app.Touch(c) }
`,
}

const (
	incMessage = "calls confined (*app.Counter).Inc off the owner"
	// nMessage is the finding of a literal's own touch of the counter.
	nMessage = "writes confined app.Counter.n off the owner"
)

func TestGolangciLint(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds golangci-lint with the plugin; skipped with -short")
	}
	gcl := buildGolangciLint(t)
	config, err := os.ReadFile(filepath.Join("..", "golangci", "example", ".golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	e := golangciExample{gcl: gcl, config: string(config), want: wantLines(golangciModule)}
	t.Run("findings", e.testFindings)
	t.Run("without settings", e.testWithoutSettings)
	t.Run("confinecheck.conf", e.testConfFile)
	t.Run("settings typo", e.testSettingsTypo)
	t.Run("declaration naming nothing", e.testDeclarationNamingNothing)
	t.Run("fix", e.testFix)
	t.Run("related positions", e.testRelatedPositions)
	t.Run("sarif", e.testSarif)
}

// golangciExample is what TestGolangciLint's subtests share: the built
// golangci-lint, the example's settings (golangci/example/.golangci.yml)
// and the issues they give on golangciModule.
type golangciExample struct {
	gcl    golangciLint
	config string
	want   []issue
}

// testFindings: with the example's settings, the findings are the want
// lines of golangciModule, each one issue of confinecheck's.
func (e golangciExample) testFindings(t *testing.T) {
	dir := writeModule(t, golangciModule, e.config)
	res := e.gcl.run(t, dir, "run", "--output.text.path=stdout", "--output.json.path="+filepath.Join(dir, "out.json"), "./...")
	res.requireExit(t, 1) // golangci-lint's exit status for issues
	requireContains(t, res.stdout, incMessage)
	requireContains(t, res.stdout, "(confinecheck)")
	got := readIssues(t, filepath.Join(dir, "out.json"))
	checkIssues(t, got, e.want)
	// One issue per finding: the related positions (the sink, the
	// calls on the path), which golangci-lint would list as issues
	// of their own, are in the message's words instead.
	if slices.ContainsFunc(got, func(i issue) bool { return i.related }) {
		t.Errorf("a related position listed as an issue in\n%v", got)
	}
}

// testWithoutSettings: the settings decide the Watch and Hop lines: without
// them, the handler is taken to run where OnDisconnect is called (no
// finding), and the posted func where Post is called (in the go statement:
// a finding).
func (e golangciExample) testWithoutSettings(t *testing.T) {
	plain := regexp.MustCompile(`(?s)\n        settings:.*`).ReplaceAllString(e.config, "\n")
	if plain == e.config || strings.Contains(plain, "async") {
		t.Fatalf("could not remove the settings from golangci/example/.golangci.yml:\n%s", plain)
	}
	dir := writeModule(t, golangciModule, plain)
	res := e.gcl.run(t, dir, "run", "--output.json.path="+filepath.Join(dir, "out.json"), "./...")
	res.requireExit(t, 1)
	got := readIssues(t, filepath.Join(dir, "out.json"))
	checkIssues(t, got, []issue{
		{Pos: pos{Filename: "app/app.go", Line: lineOf(t, golangciModule["app/app.go"], "time.AfterFunc") + 1}},
		{Pos: pos{Filename: "app/app.go", Line: lineOf(t, golangciModule["app/app.go"], "l.Post(")}},
		{Pos: pos{Filename: "user/user.go", Line: lineOf(t, golangciModule["user/user.go"], "go app.Touch")}},
	})
}

// testConfFile: the settings' declarations in a confinecheck.conf at the
// module root instead: the same findings, and a mistake in the file is an
// issue naming its line.
func (e golangciExample) testConfFile(t *testing.T) {
	// golangci-lint's cache does not see confinecheck.conf: the
	// conf-digest setting, as the docs advise, keeps the results of
	// the runs above from standing in for this one.
	withDigest := regexp.MustCompile(`(?s)\n        settings:.*`).ReplaceAllString(e.config, "\n        settings:\n          conf-digest: test-1\n")
	files := maps.Clone(golangciModule)
	files["confinecheck.conf"] = "async example.com/lib.(*Client).OnDisconnect:handler\nhop example.com/lib.(*Loop).Post\nhop example.com/lib.Loop.Pots\n"
	dir := writeModule(t, files, withDigest)
	res := e.gcl.run(t, dir, "run", "--output.json.path="+filepath.Join(dir, "out.json"), "./...")
	res.requireExit(t, 1)
	got := readIssues(t, filepath.Join(dir, "out.json"))
	var findings []issue
	// golangci-lint keeps issues of Go files only: the mistake stands
	// at the package clause of each package that sees lib, naming its
	// place in the file.
	for _, i := range got {
		if strings.Contains(i.Text, "confinecheck.conf:3:1: //confined:declare hop example.com/lib.Loop.Pots: lib.Loop has no method or field Pots; did you mean lib.Loop.Post?") {
			continue
		}
		findings = append(findings, i)
	}
	checkIssues(t, findings, e.want)
	if len(findings) == len(got) {
		t.Errorf("no issue for the mistake at confinecheck.conf:3 in\n%v", got)
	}
}

// testSettingsTypo: a mistake in the settings (a key, a function name,
// the plugin's name) fails the run with an error that says what it is.
func (e golangciExample) testSettingsTypo(t *testing.T) {
	bad := strings.Replace(e.config, "          async:", "          asnyc:", 1)
	dir := writeModule(t, golangciModule, bad)
	res := e.gcl.run(t, dir, "run", "./...")
	res.requireExit(t, 3) // golangci-lint's exit status for a failure
	requireContains(t, res.stderr, `confinecheck settings: unknown key "asnyc" (did you mean "async"?); the keys are async, hop, sync, inherit, completes-async, completes-owner, declare, strict, explain`)

	bad = strings.Replace(e.config, "example.com/lib.(*Loop).Post", "Post", 1)
	dir = writeModule(t, golangciModule, bad)
	res = e.gcl.run(t, dir, "run", "./...")
	res.requireExit(t, 3)
	requireContains(t, res.stderr, `confinecheck settings: hop: cannot read function name "Post"`)

	bad = strings.Replace(e.config, "      confinecheck:", "      confinechek:", 1)
	dir = writeModule(t, golangciModule, bad)
	res = e.gcl.run(t, dir, "run", "./...")
	res.requireExit(t, 3)
	requireContains(t, res.stderr, `plugin "confinechek" not found`)
}

// testDeclarationNamingNothing: a declare: entry that names nothing is an
// issue at the package clause of each package that sees the named package.
func (e golangciExample) testDeclarationNamingNothing(t *testing.T) {
	bad := strings.Replace(e.config, "hop github.com/asynkron/protoactor-go/actor.Context.ReenterAfter:continuation",
		"hop example.com/lib.Loop.Pots", 1)
	dir := writeModule(t, golangciModule, bad)
	res := e.gcl.run(t, dir, "run", "./...")
	res.requireExit(t, 1)
	requireContains(t, res.stdout, "lib/lib.go:2:1: declare setting \"hop example.com/lib.Loop.Pots\": //confined:declare hop example.com/lib.Loop.Pots: lib.Loop has no method or field Pots; did you mean lib.Loop.Post?")
}

// testFix: --fix wraps a touch in the hop in scope (fixme: l.Post, a hop in
// the settings); findings with no hop in reach stay, reported; the fixes of
// formatters (gofmt's) are applied next to ours.
func (e golangciExample) testFix(t *testing.T) {
	files := maps.Clone(golangciModule)
	files["tidy/tidy.go"] = "package tidy\n\n// F is badly formatted.\nfunc F( ) int { return 1 }\n"
	files["fixme/fixme.go"] = `package fixme

import (
	"time"

	"example.com/app"
	"example.com/lib"
)

// Later bumps c from a timer; l hops back to the loop.
func Later(l *lib.Loop, c *app.Counter) {
	time.AfterFunc(time.Second, func() {
		c.Inc()
	})
}
`
	dir := writeModule(t, files, e.config+"\nformatters:\n  enable:\n    - gofmt\n")
	res := e.gcl.run(t, dir, "run", "--fix", "--output.json.path="+filepath.Join(dir, "out.json"), "./...")
	res.requireExit(t, 1)
	checkIssues(t, readIssues(t, filepath.Join(dir, "out.json")), e.want)
	for name, src := range golangciModule {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != src {
			t.Errorf("--fix changed %s (err %v):\n%s", name, err, got)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "tidy", "tidy.go")); !strings.Contains(string(got), "func F() int") {
		t.Errorf("--fix did not apply gofmt's fix:\n%s", got)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "fixme", "fixme.go")); !strings.Contains(string(got), "\t\tl.Post(func() {\n\t\t\tc.Inc()\n\t\t})\n") {
		t.Errorf("--fix did not hop back through l.Post:\n%s", got)
	}
}

// testRelatedPositions: a finding whose path crosses files is one issue,
// with uniq-by-line on (the default) or off.
func (e golangciExample) testRelatedPositions(t *testing.T) {
	dir := writeModule(t, relatedModule, e.config)
	// Reported at the touch in bump.go, with the timer's call in app.go
	// among the related positions.
	finding := lineOf(t, relatedModule["app/bump.go"], "c.n++")
	wantIssues := []string{fmt.Sprintf("app/bump.go:%d: writes confined app.Counter.n off the owner", finding)}
	for _, uniq := range []string{"--uniq-by-line=true", "--uniq-by-line=false"} {
		res := e.gcl.run(t, dir, "run", uniq, "--output.json.path="+filepath.Join(dir, "out.json"), "./...")
		res.requireExit(t, 1)
		checkIssueTexts(t, readIssues(t, filepath.Join(dir, "out.json")), wantIssues)
	}

	// What VS Code's Go extension runs for "go.lintTool":
	// "golangci-lint-v2": file:line:col: message lines, absolute paths.
	res := e.gcl.run(t, dir, "run", "--issues-exit-code=0", "--output.text.print-issued-lines=false",
		"--show-stats=false", "--output.text.path=stdout", "--path-mode=abs")
	res.requireExit(t, 0)
	wantLine := regexp.MustCompile(`^` + regexp.QuoteMeta(filepath.Join(dir, "app", "bump.go")) + `:\d+:\d+: .+ \(confinecheck\)$`)
	lines := strings.Split(strings.TrimSuffix(res.stdout, "\n"), "\n")
	if len(lines) != len(wantIssues) {
		t.Errorf("want %d lines\n%s", len(wantIssues), res)
	}
	for _, line := range lines {
		if !wantLine.MatchString(line) {
			t.Errorf("not a file:line:col: message (confinecheck) line: %q", line)
		}
	}
}

// testSarif: the SARIF log has one confinecheck result per finding.
func (e golangciExample) testSarif(t *testing.T) {
	dir := writeModule(t, golangciModule, e.config)
	sarif := filepath.Join(dir, "out.sarif")
	res := e.gcl.run(t, dir, "run", "--output.sarif.path="+sarif, "./...")
	res.requireExit(t, 1)
	data, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID  string `json:"ruleId"`
				Message struct{ Text string }
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("not a SARIF 2.1.0 log with one run (%v):\n%s", err, data)
	}
	primary := 0
	for _, r := range log.Runs[0].Results {
		if r.RuleID == "confinecheck" && (strings.HasPrefix(r.Message.Text, incMessage) || strings.HasPrefix(r.Message.Text, nMessage)) {
			primary++
		}
	}
	if primary != len(e.want) {
		t.Errorf("SARIF has %d confinecheck findings, want %d:\n%s", primary, len(e.want), data)
	}
}

// relatedModule has a finding whose path goes on into another file of its
// package.
var relatedModule = map[string]string{
	"go.mod": "module example.com\n\ngo 1.26\n",
	"app/app.go": `// Package app owns a counter.
package app

import "time"

// Counter belongs to the loop that owns it.
//
//confined:owner
type Counter struct{ n int }

// Retry bumps c from a timer's goroutine, through bump in bump.go.
func Retry(c *Counter) {
	time.AfterFunc(time.Second, func() {
		bump(c)
	})
}
`,
	"app/bump.go": `package app

func bump(c *Counter) {
	c.n++
}
`,
}

// checkIssueTexts requires got to be exactly the issues want, each given
// as "file:line: " and the start of its text.
func checkIssueTexts(t *testing.T, got []issue, want []string) {
	t.Helper()
	var gotTexts []string
	for _, i := range got {
		gotTexts = append(gotTexts, fmt.Sprintf("%s:%d: %s", i.Pos.Filename, i.Pos.Line, i.Text))
	}
	slices.Sort(gotTexts)
	want = slices.Sorted(slices.Values(want))
	ok := len(gotTexts) == len(want)
	for k := 0; ok && k < len(want); k++ {
		ok = strings.HasPrefix(gotTexts[k], want[k])
	}
	if !ok {
		t.Errorf("issues\n%s\nwant\n%s", strings.Join(gotTexts, "\n"), strings.Join(want, "\n"))
	}
}

// The .custom-gcl.yml example must be what `golangci-lint custom` reads.
// custom clones golangci-lint from GitHub, which this test cannot reach,
// so it decodes the file the way custom does (its fields, strictly) and
// checks what custom validates.
func TestCustomGclExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "golangci", "example", ".custom-gcl.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Version     string `yaml:"version"`
		Name        string `yaml:"name"`
		Destination string `yaml:"destination"`
		Plugins     []struct {
			Module  string `yaml:"module"`
			Import  string `yaml:"import"`
			Version string `yaml:"version"`
			Path    string `yaml:"path"`
		} `yaml:"plugins"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil {
		t.Fatal(err)
	}
	gclMod, err := os.ReadFile(filepath.Join("..", "golangci", "gcl", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(gclMod), "github.com/golangci/golangci-lint/v2 "+cfg.Version+"\n") {
		t.Errorf(".custom-gcl.yml builds golangci-lint %s, golangci/gcl/go.mod another version", cfg.Version)
	}
	modules := map[string]bool{}
	for _, p := range cfg.Plugins {
		if p.Module == "" || (p.Path == "") == (p.Version == "") {
			t.Errorf("plugin %+v: want a module and exactly one of path and version", p)
		}
		modules[p.Module] = true
	}
	if !modules["github.com/confinecheck/confinecheck/golangci"] || !modules["github.com/confinecheck/confinecheck"] {
		t.Errorf("plugins %v: want the plugin module and the analyzer module it replaces", modules)
	}
}

// golangciLint is the built binary.
type golangciLint struct {
	path  string
	cache string // golangci-lint's own cache, fresh for the test
}

// buildGolangciLint runs golangci/build.sh, which leaves an up-to-date
// binary alone (so CI builds it once, in a step of its own, and this is
// quick).
func buildGolangciLint(t *testing.T) golangciLint {
	t.Helper()
	start := time.Now()
	cmd := exec.Command("bash", filepath.Join("..", "golangci", "build.sh"))
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("golangci/build.sh: %v\n%s", err, out)
	}
	t.Logf("golangci/build.sh took %s", time.Since(start).Round(time.Millisecond))
	path, err := filepath.Abs(filepath.Join("..", "golangci", "bin", "golangci-lint"))
	if err != nil {
		t.Fatal(err)
	}
	return golangciLint{path: path, cache: t.TempDir()}
}

func (g golangciLint) run(t *testing.T, dir string, args ...string) result {
	t.Helper()
	start := time.Now()
	s := &shell{t: t, dir: dir, env: append(os.Environ(), "GOLANGCI_LINT_CACHE="+g.cache, "GOFLAGS=", "GOWORK=off")}
	res := s.run(g.path, args...)
	t.Logf("%s: exit %d in %s", res.cmd, res.code, time.Since(start).Round(time.Millisecond))
	return res
}

// writeModule writes files and .golangci.yml into a new directory.
func writeModule(t *testing.T, files map[string]string, config string) string {
	t.Helper()
	dir := writeFiles(t, files)
	write(t, dir, ".golangci.yml", config)
	return dir
}

// An issue is one entry of golangci-lint's JSON output.
type issue struct {
	FromLinter string
	Text       string
	Pos        pos
	related    bool // a related position golangci-lint lists on its own
}

type pos struct {
	Filename string
	Line     int
}

func (i issue) String() string {
	return fmt.Sprintf("%s:%d: %s (%s)", i.Pos.Filename, i.Pos.Line, i.Text, i.FromLinter)
}

func readIssues(t *testing.T, path string) []issue {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out struct{ Issues []issue }
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, data)
	}
	for i := range out.Issues {
		out.Issues[i].related = strings.HasPrefix(out.Issues[i].Text, "confinecheck(related information): ")
	}
	return out.Issues
}

// checkIssues requires the primary confinecheck issues to be on exactly
// the wanted lines, each with the Counter.Inc message or the touch of its
// n, and no issue from another linter.
func checkIssues(t *testing.T, got, want []issue) {
	t.Helper()
	var primary []issue
	for _, i := range got {
		switch {
		case i.FromLinter != "confinecheck":
			t.Errorf("issue from another linter: %v", i)
		case !i.related:
			primary = append(primary, i)
			if !strings.HasPrefix(i.Text, incMessage) && !strings.HasPrefix(i.Text, nMessage) {
				t.Errorf("unexpected message: %v", i)
			}
		}
	}
	key := func(i issue) string { return fmt.Sprintf("%s:%04d", i.Pos.Filename, i.Pos.Line) }
	var gotKeys, wantKeys []string
	for _, i := range primary {
		gotKeys = append(gotKeys, key(i))
	}
	for _, i := range want {
		wantKeys = append(wantKeys, key(i))
	}
	slices.Sort(gotKeys)
	slices.Sort(wantKeys)
	if !slices.Equal(gotKeys, wantKeys) {
		t.Errorf("confinecheck issues on lines\n%v\nwant\n%v\nall issues:\n%v", gotKeys, wantKeys, got)
	}
}

// wantLines returns the "// want" lines of files.
func wantLines(files map[string]string) []issue {
	var want []issue
	for name, src := range files {
		for i, line := range strings.Split(src, "\n") {
			if strings.HasSuffix(line, "// want") {
				want = append(want, issue{Pos: pos{Filename: name, Line: i + 1}})
			}
		}
	}
	return want
}

// lineOf returns the line number of the first line of src containing s.
func lineOf(t *testing.T, src, s string) int {
	t.Helper()
	for i, line := range strings.Split(src, "\n") {
		if strings.Contains(line, s) {
			return i + 1
		}
	}
	t.Fatalf("no line contains %q", s)
	return 0
}
