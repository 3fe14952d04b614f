package examplecheck

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// A Finding is one line of confinecheck's text output (its related
// positions, the indented lines after it, are left out).
type Finding struct {
	File string // slash-separated, relative to the current directory
	Line int
	Msg  string
}

// Check runs confinecheck, with no flags, on the packages named by pkgs
// (of the module in the current directory), and returns its findings, its
// whole output and its exit status.
func (e *Example) Check(t testing.TB, pkgs ...string) ([]Finding, string, int) {
	t.Helper()
	return e.CheckArgs(t, pkgs...)
}

// CheckArgs runs confinecheck with the arguments args, and returns what
// Check does. When the packages args name are all among the example's
// Packages, the checker runs once, with the same flags, on all of them, and
// the call gets the findings in its own packages: a package's findings do
// not depend on what else is checked with it, and every run loads the whole
// framework.
func (e *Example) CheckArgs(t testing.TB, args ...string) ([]Finding, string, int) {
	t.Helper()
	flags, pkgs := splitArgs(args)
	if len(pkgs) == 0 || slices.ContainsFunc(pkgs, func(p string) bool { return !slices.Contains(e.Packages, p) }) {
		r := e.runChecker(args)
		if r.err != nil {
			t.Fatal(r.err)
		}
		return r.findings, r.out, r.status
	}
	r := e.memo(append(flags, e.Packages...))
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.in(pkgs)
}

// splitArgs splits confinecheck's arguments into its flags and its
// packages, the arguments after the flags.
func splitArgs(args []string) (flags, pkgs []string) {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		if !strings.Contains(args[i], "=") && slices.Contains([]string{"-declare", "-packs"}, args[i]) {
			i++ // the flag's value
		}
		i++
	}
	i = min(i, len(args))
	return args[:i:i], args[i:]
}

// A checkerRun is what one run of the checker printed.
type checkerRun struct {
	findings []Finding
	out      string
	status   int
	err      error
}

// memo runs the checker with args the first time it is asked to, and
// returns that run every time.
func (e *Example) memo(args []string) *checkerRun {
	key := strings.Join(args, "\x00")
	e.runsMu.Lock()
	if e.runs == nil {
		e.runs = map[string]*memoRun{}
	}
	m, ok := e.runs[key]
	if !ok {
		m = new(memoRun)
		e.runs[key] = m
	}
	e.runsMu.Unlock()
	m.once.Do(func() { m.run = e.runChecker(args) })
	return m.run
}

// A memoRun is a run of the checker the example's tests share.
type memoRun struct {
	once sync.Once
	run  *checkerRun
}

// runChecker runs confinecheck with the arguments args.
func (e *Example) runChecker(args []string) *checkerRun {
	checker, err := e.buildChecker()
	if err != nil {
		return &checkerRun{err: err}
	}
	out, err := exec.Command(checker, args...).CombinedOutput()
	r := &checkerRun{out: string(out)}
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		r.status = exit.ExitCode()
	} else if err != nil {
		return &checkerRun{err: fmt.Errorf("confinecheck %v: %v", args, err)}
	}
	wd, err := os.Getwd()
	if err != nil {
		return &checkerRun{err: err}
	}
	r.findings = Parse(r.out, wd)
	return r
}

// in returns the part of r in the packages pkgs ("./buggy"): their
// findings, the lines of the output that are theirs (a finding and its
// related positions) or nobody's (errors), and the exit status the checker
// would have had on them alone.
func (r *checkerRun) in(pkgs []string) ([]Finding, string, int) {
	wd, _ := os.Getwd()
	mine := func(file string) bool {
		return slices.ContainsFunc(pkgs, func(p string) bool {
			return path.Dir(file) == path.Clean(strings.TrimPrefix(p, "./"))
		})
	}
	var findings []Finding
	for _, f := range r.findings {
		if mine(f.File) {
			findings = append(findings, f)
		}
	}
	var out strings.Builder
	keep := true
	for _, line := range strings.SplitAfter(r.out, "\n") {
		if fs := Parse(line, wd); len(fs) == 1 {
			keep = mine(fs[0].File)
		} else if !strings.Contains(line, ": \t") {
			keep = true // not a finding's related position
		}
		if keep {
			out.WriteString(line)
		}
	}
	status := r.status
	if status == 3 && len(findings) == 0 {
		status = 0
	}
	return findings, out.String(), status
}

// position matches a finding's line: file:line:column: message.
var position = regexp.MustCompile(`^(.+?):(\d+):\d+: (.*)$`)

// Parse returns the findings in confinecheck's text output out, their files
// made relative to dir where they can be.
func Parse(out, dir string) []Finding {
	var findings []Finding
	for sc := bufio.NewScanner(strings.NewReader(out)); sc.Scan(); {
		m := position.FindStringSubmatch(sc.Text())
		if m == nil || strings.HasPrefix(m[3], "\t") {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		file := filepath.Clean(m[1])
		if rel, err := filepath.Rel(dir, file); err == nil && filepath.IsAbs(file) {
			file = rel
		}
		file = filepath.ToSlash(file)
		findings = append(findings, Finding{File: file, Line: line, Msg: m[3]})
	}
	return findings
}

// ReachedFrom returns, for each finding in confinecheck's text output out
// (files made relative to dir, as Parse does), the lines of its file among
// its related positions: the call path and the sink, the places the
// off-owner code reaches the touch from.
func ReachedFrom(out, dir string) map[Finding][]int {
	reached := map[Finding][]int{}
	var last *Finding
	for sc := bufio.NewScanner(strings.NewReader(out)); sc.Scan(); {
		m := position.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		f := Parse(sc.Text(), dir)
		if len(f) == 1 {
			last = &f[0]
			continue
		}
		related := Parse(m[1]+":"+m[2]+":1: related", dir)[0]
		if last != nil && related.File == last.File {
			reached[*last] = append(reached[*last], related.Line)
		}
	}
	return reached
}

// CheckBug runs Check on pkgs, logs confinecheck's output, and fails t
// unless it exited with status 3 (findings); it returns the findings.
func (e *Example) CheckBug(t testing.TB, pkgs ...string) []Finding {
	t.Helper()
	findings, out, status := e.Check(t, pkgs...)
	t.Logf("confinecheck %s (exit status %d):\n%s", strings.Join(pkgs, " "), status, out)
	ExpectFindingsStatus(t, status)
	return findings
}

// CheckMarked runs Check on the package in dir (slash-separated, relative
// to the current directory), logs confinecheck's output, and checks the
// findings with ExpectMarked.
func (e *Example) CheckMarked(t testing.TB, dir string) {
	t.Helper()
	findings, out, _ := e.Check(t, "./"+dir)
	t.Logf("confinecheck ./%s:\n%s", dir, out)
	ExpectMarked(t, dir, findings)
}

// ExpectClean runs Check on pkgs and fails t unless confinecheck printed
// nothing and exited with status 0.
func (e *Example) ExpectClean(t testing.TB, pkgs ...string) {
	t.Helper()
	_, out, status := e.Check(t, pkgs...)
	if status != 0 || out != "" {
		t.Errorf("confinecheck %s: exit status %d, want 0 and no output; output:\n%s", strings.Join(pkgs, " "), status, out)
	}
}

// ExpectFindingsStatus fails t unless status is 3, confinecheck's exit
// status when it reports findings.
func ExpectFindingsStatus(t testing.TB, status int) {
	t.Helper()
	if status != 3 {
		t.Errorf("exit status %d, want 3 (findings)", status)
	}
}

// ExpectFinding fails t unless there is a finding at file:line whose
// message has every one of fragments (a line may have several: a touch
// inside a method that two places call off the owner); what says, for the
// message, what the finding should say ("the goroutine calls
// (*tview.Table).SetCellSimple").
func ExpectFinding(t testing.TB, findings []Finding, file string, line int, what string, fragments ...string) {
	t.Helper()
	var got []string
	for _, f := range findings {
		if f.File != file || f.Line != line {
			continue
		}
		if !slices.ContainsFunc(fragments, func(frag string) bool { return !strings.Contains(f.Msg, frag) }) {
			return
		}
		got = append(got, f.Msg)
	}
	t.Errorf("%s:%d: want a finding that %s; got %q", file, line, what, got)
}

// ExpectOnly fails t for every finding that is not in file at one of lines.
func ExpectOnly(t testing.TB, findings []Finding, file string, lines ...int) {
	t.Helper()
	for _, f := range findings {
		if f.File != file || !slices.Contains(lines, f.Line) {
			t.Errorf("unexpected finding %s:%d: %s", f.File, f.Line, f.Msg)
		}
	}
}

// LineOf returns the line of file (slash-separated, relative to the current
// directory) that contains text, which must be on exactly one line.
func LineOf(t testing.TB, file, text string) int {
	t.Helper()
	src, err := os.ReadFile(filepath.FromSlash(file))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, text) {
			if found != 0 {
				t.Fatalf("%s: %q on lines %d and %d", file, text, found, i+1)
			}
			found = i + 1
		}
	}
	if found == 0 {
		t.Fatalf("%s: no line has %q", file, text)
	}
	return found
}

// At returns the finding at file:line, if any.
func At(findings []Finding, file string, line int) (Finding, bool) {
	for _, f := range findings {
		if f.File == file && f.Line == line {
			return f, true
		}
	}
	return Finding{}, false
}

// racyMarker is how the look-alike apps mark the lines the checker must
// report: a comment "// racy: FRAGMENT", FRAGMENT being a piece of the
// finding's text. (A "// gap: ..." marker says the line should be reported
// but the checker misses it today; see the report for the gap. A "// via:
// ..." marker is where off-owner code starts a race that is reported at a
// racy line it reaches, inside a method it calls: a race report with that
// line in it is accounted for.)
var racyMarker = regexp.MustCompile(`// (racy|gap|via): (.*)$`)

// ExpectMarked checks that findings are exactly the lines of the Go files
// in dir (slash-separated, relative to the current directory) marked racy,
// each with its fragment. Lines marked gap are expected to be missed (and a
// finding there fails the test: drop the marker).
func ExpectMarked(t testing.TB, dir string, findings []Finding) {
	t.Helper()
	want := map[Finding]bool{} // Msg holds the fragment
	var gaps []Finding
	for _, m := range readMarks(t, goFiles(t, dir)) {
		switch m.kind {
		case "gap":
			gaps = append(gaps, m.Finding)
		case "racy":
			want[m.Finding] = true
		}
	}
	if len(want) == 0 {
		t.Fatalf("%s: no line is marked racy", dir)
	}
	for w := range want {
		f, ok := At(findings, w.File, w.Line)
		switch {
		case !ok:
			t.Errorf("%s:%d: missed; want a finding with %q", w.File, w.Line, w.Msg)
		case !strings.Contains(f.Msg, w.Msg):
			t.Errorf("%s:%d: want a finding with %q; got %q", w.File, w.Line, w.Msg, f.Msg)
		}
	}
	for _, f := range findings {
		if !strings.HasPrefix(f.File, dir+"/") {
			continue
		}
		if _, ok := At(gaps, f.File, f.Line); ok {
			t.Errorf("%s:%d: reported now (%s): turn its gap marker into a racy one", f.File, f.Line, f.Msg)
			continue
		}
		if !slices.ContainsFunc(slices.Collect(maps.Keys(want)), func(w Finding) bool { return w.File == f.File && w.Line == f.Line }) {
			t.Errorf("unexpected finding %s:%d: %s", f.File, f.Line, f.Msg)
		}
	}
}

// A mark is a line marked racy or gap, its fragment in Msg.
type mark struct {
	Finding
	kind string // "racy" or "gap"
}

// readMarks returns the marked lines of files.
func readMarks(t testing.TB, files []string) []mark {
	t.Helper()
	var marks []mark
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(src), "\n") {
			if m := racyMarker.FindStringSubmatch(l); m != nil {
				marks = append(marks, mark{Finding{File: filepath.ToSlash(file), Line: i + 1, Msg: strings.TrimSpace(m[2])}, m[1]})
			}
		}
	}
	return marks
}

// goFiles returns the Go files in dir.
func goFiles(t testing.TB, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// ExpectSameEverywhere fails t unless confinecheck reports the same
// findings on the example's Packages however it runs: standalone, with -explain (its
// explanations aside), and as go vet's tool, whose exit status must come
// from the findings only. A declaration means the same wherever it is
// written and however the checker runs.
func (e *Example) ExpectSameEverywhere(t testing.TB) {
	t.Helper()
	pkgs := e.Packages
	standalone, _, _ := e.Check(t, pkgs...)
	explained, _, _ := e.Check(t, append([]string{"-explain"}, pkgs...)...)
	explained = slices.DeleteFunc(explained, func(f Finding) bool { return strings.HasPrefix(f.Msg, "explain: ") })
	if !slices.Equal(standalone, explained) {
		t.Errorf("confinecheck -explain %s reports other findings than without -explain:\n%v\nwithout:\n%v", strings.Join(pkgs, " "), explained, standalone)
	}
	cmd := exec.Command("go", append([]string{"vet", "-vettool=" + e.Checker(t)}, pkgs...)...)
	out, err := cmd.CombinedOutput()
	vetted := Parse(string(out), ".")
	exit := (*exec.ExitError)(nil)
	switch {
	case err != nil && !errors.As(err, &exit):
		t.Fatalf("go vet: %v", err)
	case (exit != nil) != (len(vetted) > 0):
		t.Errorf("go vet -vettool=confinecheck %s: exit status %v with %d findings; output:\n%s", strings.Join(pkgs, " "), err, len(vetted), out)
	}
	sortFindings(standalone)
	sortFindings(vetted)
	if !slices.Equal(standalone, vetted) {
		t.Errorf("go vet -vettool=confinecheck %s reports other findings than confinecheck:\n%v\nconfinecheck:\n%v", strings.Join(pkgs, " "), vetted, standalone)
	}
}

// sortFindings orders findings by file and line, as drivers print them in
// different orders.
func sortFindings(fs []Finding) {
	slices.SortFunc(fs, func(a, b Finding) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), strings.Compare(a.Msg, b.Msg))
	})
}

// ExpectPackFileAgrees fails t unless confinecheck reports the same on
// the example's Packages with its built-in packs as with them off and the pack's file given
// with -declare: one meaning, wherever a declaration comes from.
func (e *Example) ExpectPackFileAgrees(t testing.TB, file string) {
	t.Helper()
	pkgs := e.Packages
	builtIn, _, builtInStatus := e.Check(t, pkgs...)
	fromFile, _, fileStatus := e.CheckArgs(t, append([]string{"-packs=none", "-declare", file}, pkgs...)...)
	if builtInStatus != fileStatus || !slices.Equal(builtIn, fromFile) {
		t.Errorf("confinecheck %s: the built-in pack gives (exit status %d)\n%v\n-declare %s (exit status %d)\n%v",
			strings.Join(pkgs, " "), builtInStatus, builtIn, file, fileStatus, fromFile)
	}
}

// RunCommon runs, as parallel subtests, what every example module checks
// of the checker beyond its own bug: "fixed", that ./fixed gets no finding;
// "lookalike", that ./lookalike gets a finding on each line marked racy
// and on no other (CheckMarked), when the module has one; "suggest
// recovers", ExpectSuggestRecovers on ./buggy and ./lookalike; and "same
// everywhere", ExpectSameEverywhere, and ExpectPackFileAgrees with the
// PackFile when there is one.
func (e *Example) RunCommon(t *testing.T) {
	t.Run("fixed", func(t *testing.T) {
		t.Parallel()
		e.ExpectClean(t, "./fixed")
	})
	if slices.Contains(e.Packages, "./lookalike") {
		t.Run("lookalike", func(t *testing.T) {
			t.Parallel()
			e.CheckMarked(t, "lookalike")
		})
	}
	t.Run("suggest recovers", func(t *testing.T) {
		t.Parallel()
		dirs := []string{"buggy"}
		if slices.Contains(e.Packages, "./lookalike") {
			dirs = append(dirs, "lookalike")
		}
		e.ExpectSuggestRecovers(t, dirs...)
	})
	t.Run("same everywhere", func(t *testing.T) {
		t.Parallel()
		e.ExpectSameEverywhere(t)
		if e.PackFile != "" {
			e.ExpectPackFileAgrees(t, e.PackFile)
		}
	})
}
