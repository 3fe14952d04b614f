package examplecheck

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	dir := t.TempDir()
	// A finding, then its related position (the message starts with a tab),
	// then a line that is neither.
	out := filepath.Join(dir, "buggy", "a.go") + ":3:5: writes confined a.T.n off the owner\n" +
		filepath.Join(dir, "buggy", "a.go") + ":9:2: \truns off the owner\n" +
		"not a finding\n"
	got := Parse(out, dir)
	want := []Finding{{File: "buggy/a.go", Line: 3, Msg: "writes confined a.T.n off the owner"}}
	if !slices.Equal(got, want) {
		t.Errorf("Parse: got %+v, want %+v", got, want)
	}
}

func TestRaceReports(t *testing.T) {
	out := "start\n==================\nWARNING: DATA RACE\nWrite at 1\n==================\nmiddle\n==================\nWARNING: DATA RACE\nRead at 2\n==================\nend\n"
	got := RaceReports(out)
	want := []string{"WARNING: DATA RACE\nWrite at 1", "WARNING: DATA RACE\nRead at 2"}
	if !slices.Equal(got, want) {
		t.Errorf("RaceReports: got %q, want %q", got, want)
	}
	if got := RaceReports("no race here"); got != nil {
		t.Errorf("RaceReports: got %q, want none", got)
	}
}

// fatalRecorder is a testing.TB that records Fatalf instead of stopping.
type fatalRecorder struct {
	testing.TB
	fatal string
}

func (r *fatalRecorder) Fatalf(format string, args ...any) { r.fatal = fmt.Sprintf(format, args...) }

func TestExpectRaceRetries(t *testing.T) {
	report := "==================\nWARNING: DATA RACE\nWrite at refresh\n==================\n"
	racy := regexp.MustCompile("refresh")
	for _, c := range []struct {
		name   string
		racyOn int // the run that reports the race, 0 for none
		runs   int
		fails  bool
	}{
		{"caught on the first run", 1, 1, false},
		{"caught on the last run", raceAttempts, raceAttempts, false},
		{"missed on every run", 0, raceAttempts, true},
		{"only another race", -1, raceAttempts, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			runs := 0
			rec := &fatalRecorder{TB: t}
			expectRace(rec, func() string {
				runs++
				switch {
				case runs == c.racyOn:
					return "before\n" + report
				case c.racyOn == -1:
					return "==================\nWARNING: DATA RACE\nWrite at elsewhere\n==================\n"
				}
				return "quiet"
			}, racy, "in the refresh")
			if runs != c.runs || (rec.fatal != "") != c.fails {
				t.Errorf("%d runs, failure %q; want %d runs, failing %v", runs, rec.fatal, c.runs, c.fails)
			}
		})
	}
}

func TestLineOfAndAt(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("a.go", []byte("package a\n\nvar x = 1\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if got := LineOf(t, "a.go", "var x"); got != 3 {
		t.Errorf("LineOf: got %d, want 3", got)
	}
	findings := []Finding{{File: "a.go", Line: 3, Msg: "m"}}
	if f, ok := At(findings, "a.go", 3); !ok || f.Msg != "m" {
		t.Errorf("At(a.go, 3): got %+v, %v", f, ok)
	}
	if _, ok := At(findings, "a.go", 2); ok {
		t.Error("At(a.go, 2): found a finding")
	}
}

// A recorder is a testing.TB that records what Errorf reports.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func TestExpectFindingAndOnly(t *testing.T) {
	findings := []Finding{
		{File: "buggy/a.go", Line: 3, Msg: "writes confined a.T.n off the owner: runs via a go statement"},
		{File: "buggy/b.go", Line: 5, Msg: "other"},
	}
	for _, c := range []struct {
		line      int
		fragments []string
		fails     bool
	}{
		{3, []string{"writes confined a.T.n", "go statement"}, false},
		{3, []string{"writes confined a.T.n", "time.AfterFunc"}, true},
		{4, nil, true},
	} {
		r := &recorder{TB: t}
		ExpectFinding(r, findings, "buggy/a.go", c.line, "it writes a.T.n", c.fragments...)
		if fails := len(r.errors) > 0; fails != c.fails {
			t.Errorf("ExpectFinding(line %d, %q): failed %v, want %v (%q)", c.line, c.fragments, fails, c.fails, r.errors)
		}
	}
	r := &recorder{TB: t}
	ExpectOnly(r, findings, "buggy/a.go", 3)
	if want := []string{"unexpected finding buggy/b.go:5: other"}; !slices.Equal(r.errors, want) {
		t.Errorf("ExpectOnly: got %q, want %q", r.errors, want)
	}
}

func TestSplitArgs(t *testing.T) {
	for _, c := range []struct{ args, flags, pkgs []string }{
		{[]string{"./buggy"}, nil, []string{"./buggy"}},
		{[]string{"-declare", "x.conf", "-explain", "./a", "./b"}, []string{"-declare", "x.conf", "-explain"}, []string{"./a", "./b"}},
		{[]string{"-packs=none", "-declare=x.conf", "./a"}, []string{"-packs=none", "-declare=x.conf"}, []string{"./a"}},
		{[]string{"-explain"}, []string{"-explain"}, nil},
	} {
		flags, pkgs := splitArgs(c.args)
		if !slices.Equal(flags, c.flags) || !slices.Equal(pkgs, c.pkgs) {
			t.Errorf("splitArgs(%q) = %q, %q; want %q, %q", c.args, flags, pkgs, c.flags, c.pkgs)
		}
	}
}

// TestRunIn: a run on several packages gives each subset its findings,
// its output lines (a finding with its related positions, and lines that
// are nobody's) and the exit status a run on it alone would have.
func TestRunIn(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	buggy := filepath.Join(wd, "buggy", "a.go")
	lookalike := filepath.Join(wd, "lookalike", "b.go")
	out := buggy + ":3:5: writes confined a.T.n off the owner\n" +
		buggy + ":9:2: \truns off the owner\n" +
		lookalike + ":4:1: reads confined b.U.m off the owner\n" +
		lookalike + ":7:2: \truns off the owner\n"
	r := &checkerRun{out: out, status: 3, findings: Parse(out, wd)}

	findings, got, status := r.in([]string{"./buggy"})
	if want := buggy + ":3:5: writes confined a.T.n off the owner\n" + buggy + ":9:2: \truns off the owner\n"; got != want || status != 3 || len(findings) != 1 || findings[0].File != "buggy/a.go" {
		t.Errorf("in(./buggy) = %v, %q, %d; want the buggy finding, %q, 3", findings, got, status, want)
	}
	if findings, got, status := r.in([]string{"./fixed"}); len(findings) != 0 || got != "" || status != 0 {
		t.Errorf("in(./fixed) = %v, %q, %d; want nothing and status 0", findings, got, status)
	}
	if findings, _, _ := r.in([]string{"./buggy", "./lookalike"}); len(findings) != 2 {
		t.Errorf("in(./buggy ./lookalike) = %v; want both findings", findings)
	}
}

func TestExpectFixedFile(t *testing.T) {
	original := strings.Split(`func (b *B) load() {
	fyne.Do(func() {
		b.shown = true
	})
	items := b.fetch()
	b.items = items // BUG: off the main goroutine
	b.count++ // racy: writes b.count
}`, "\n")
	cases := []struct {
		name   string
		fixed  string
		after  []Finding
		errors int
	}{
		{"both moved into an added hop, beside a hop of the original", `func (b *B) load() {
	fyne.Do(func() {
		b.shown = true
	})
	items := b.fetch()
	fyne.Do(func() {
		b.items = items
		b.count++
	}) // BUG: off the main goroutine
}`, nil, 0},
		{"one left and still reported", `func (b *B) load() {
	fyne.Do(func() {
		b.shown = true
	})
	items := b.fetch()
	fyne.Do(func() {
		b.items = items
	}) // BUG: off the main goroutine
	b.count++ // racy: writes b.count
}`, []Finding{{File: "f.go", Line: 9}}, 0},
		{"one left, no longer reported", `func (b *B) load() {
	fyne.Do(func() {
		b.shown = true
	})
	items := b.fetch()
	b.items = items // BUG: off the main goroutine
	b.count++ // racy: writes b.count
}`, []Finding{{File: "f.go", Line: 6}}, 1},
		{"the fetch moved into the hop", `func (b *B) load() {
	fyne.Do(func() {
		b.shown = true
	})
	fyne.Do(func() {
		items := b.fetch()
		b.items = items
		b.count++
	})
}`, nil, 1},
	}
	for _, c := range cases {
		r := &recorder{TB: t}
		before := []Finding{{File: "f.go", Line: 6}, {File: "f.go", Line: 7}}
		expectFixedFile(r, original, strings.Split(c.fixed, "\n"), "f.go", before, nil, c.after, []string{"b.fetch()"})
		if len(r.errors) != c.errors {
			t.Errorf("%s: %d errors, want %d: %q", c.name, len(r.errors), c.errors, r.errors)
		}
	}
}

// A finding inside a method is handled when the fix moves the call that
// reached it off the owner into a hop, which only its related positions
// tell.
func TestExpectFixedFileFollowsThePath(t *testing.T) {
	original := strings.Split(`func (b *B) bump() {
	b.n++
}

func (b *B) load() {
	go func() {
		b.bump()
	}()
}`, "\n")
	fixed := strings.Split(`func (b *B) bump() {
	b.n++
}

func (b *B) load() {
	go func() {
		fyne.Do(func() {
			b.bump()
		})
	}()
}`, "\n")
	f := Finding{File: "f.go", Line: 2}
	for _, c := range []struct {
		reached map[Finding][]int
		errors  int
	}{{map[Finding][]int{f: {7}}, 0}, {nil, 1}} {
		r := &recorder{TB: t}
		expectFixedFile(r, original, fixed, "f.go", []Finding{f}, c.reached, nil, nil)
		if len(r.errors) != c.errors {
			t.Errorf("reached %v: %d errors, want %d: %q", c.reached, len(r.errors), c.errors, r.errors)
		}
	}
}

func TestReachedFrom(t *testing.T) {
	out := "/m/a/f.go:2:3: writes confined a.B.n off the owner\n/m/a/f.go:6:2: \truns off the owner via a go statement\n/m/a/g.go:7:3: \tcalls (*a.B).bump\n/m/a/f.go:9:1: reads confined a.B.n off the owner\n"
	got := ReachedFrom(out, "/m")
	want := map[Finding][]int{{File: "a/f.go", Line: 2, Msg: "writes confined a.B.n off the owner"}: {6}}
	if !maps.EqualFunc(got, want, slices.Equal) {
		t.Errorf("ReachedFrom = %v, want %v", got, want)
	}
}
