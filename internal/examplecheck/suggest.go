package examplecheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// directiveComment is a //confined: directive, on a line of its own or at
// the end of one.
var directiveComment = regexp.MustCompile(`\s*//confined:.*$`)

// ExpectSuggestRecovers strips every //confined: directive from copies of
// the packages dirs ("buggy", "lookalike"), runs confinecheck -suggest -fix
// on the copies and then the check, and fails t unless the check reports
// on the copies every line of a race (marked "// BUG" or "// racy:") it
// reports on the originals, and no line it does not (but a line marked
// "// gap:", a race the check misses without directives): with the built-in
// packs, what -suggest writes finds the races the user's directives find,
// and nothing else. The copies are made in a directory of
// the module named _suggest... and removed after.
func (e *Example) ExpectSuggestRecovers(t *testing.T, dirs ...string) {
	t.Helper()
	tmp, pkgs, originals := copyPackages(t, "_suggest", dirs)
	for _, dir := range dirs {
		for _, file := range goFiles(t, filepath.Join(tmp, dir)) {
			var kept []string
			for _, line := range readLines(t, file) {
				stripped := directiveComment.ReplaceAllString(line, "")
				if stripped != "" || line == "" {
					kept = append(kept, stripped)
				}
			}
			if err := os.WriteFile(file, []byte(strings.Join(kept, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	before, _, _ := e.CheckArgs(t, originals...)
	if _, out, status := e.CheckArgs(t, append([]string{"-suggest", "-fix"}, pkgs...)...); status != 0 {
		t.Fatalf("confinecheck -suggest -fix %s: exit status %d\n%s", strings.Join(pkgs, " "), status, out)
	}
	after, out, _ := e.CheckArgs(t, pkgs...)
	for _, dir := range dirs {
		for _, file := range goFiles(t, dir) {
			copied := filepath.ToSlash(filepath.Join(tmp, file))
			original, final := readLines(t, file), readLines(t, copied)
			moved := keptLines(codeLines(original), codeLines(final))
			back := make(map[int]int) // a line of final -> its line in original
			for i, j := range moved {
				if j >= 0 {
					back[j+1] = i + 1
				}
			}
			for _, f := range before {
				if f.File != filepath.ToSlash(file) || !racy(original[f.Line-1]) {
					continue // a finding on a line that races by no one's account may go
				}
				if j := moved[f.Line-1]; j < 0 {
					t.Errorf("%s:%d: the line reported before is gone after -suggest -fix", copied, f.Line)
				} else if _, ok := At(after, copied, j+1); !ok {
					t.Errorf("%s:%d: %q, reported with the user's directives, is not reported after -suggest -fix:\n%s", copied, j+1, strings.TrimSpace(final[j]), out)
				}
			}
			for _, f := range after {
				if f.File != copied {
					continue
				}
				if i, ok := back[f.Line]; !ok || !reported(before, filepath.ToSlash(file), i) && !gap(original[i-1]) {
					t.Errorf("%s:%d: reported after -suggest -fix only: %s", copied, f.Line, f.Msg)
				}
			}
		}
	}
}

// racy reports whether line is marked as a race: the bug of a buggy app,
// or a look-alike's racy line.
func racy(line string) bool {
	return strings.Contains(line, "// BUG") || markKind(line) == "racy"
}

// gap reports whether line is marked as a race the check misses without
// directives: -suggest may make it a finding.
func gap(line string) bool { return markKind(line) == "gap" }

// markKind is the kind of line's marker ("racy", "gap"), or "".
func markKind(line string) string {
	if m := racyMarker.FindStringSubmatch(line); m != nil {
		return m[1]
	}
	return ""
}

// codeLines are lines without their comments and indentation: what a
// directive stripped or inserted leaves the same.
func codeLines(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSpace(codeOf(l))
	}
	return out
}

// reported reports whether findings has one at file:line.
func reported(findings []Finding, file string, line int) bool {
	_, ok := At(findings, file, line)
	return ok
}
