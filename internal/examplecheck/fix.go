package examplecheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ExpectFixHidesNothing runs confinecheck -fix on a copy of each of the
// packages dirs ("buggy", "lookalike") and fails t unless the fixes hide no
// race: the copies still build and vet; every line reported before is
// still reported, or has moved into a hop the fix added (no
// //confined:any hides it); and no line holding one of stayOff's fragments
// (a call that waits on the network, "b.fetch()") has moved into one. The copies are made in a directory of the module
// named _fix... (the go command's ./... leaves it out) and removed after.
func (e *Example) ExpectFixHidesNothing(t *testing.T, stayOff []string, dirs ...string) {
	t.Helper()
	tmp, pkgs, originals := copyPackages(t, "_fix", dirs)
	// The copies are the originals byte for byte: their findings are the
	// originals' (one run of the checker, shared with the other tests).
	before, out, _ := e.CheckArgs(t, originals...)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	reached := map[Finding][]int{}
	for f, lines := range ReachedFrom(out, wd) {
		f.File = filepath.ToSlash(filepath.Join(tmp, f.File))
		reached[f] = lines
	}
	for i := range before {
		before[i].File = filepath.ToSlash(filepath.Join(tmp, before[i].File))
	}
	if _, out, status := e.CheckArgs(t, append([]string{"-fix"}, pkgs...)...); status != 0 && status != 1 {
		t.Fatalf("confinecheck -fix %s: exit status %d\n%s", strings.Join(pkgs, " "), status, out)
	}
	if out, err := exec.Command("go", append([]string{"vet"}, pkgs...)...).CombinedOutput(); err != nil {
		t.Fatalf("the fixed code does not vet: %v\n%s", err, out)
	}
	after, _, _ := e.CheckArgs(t, pkgs...)
	for _, dir := range dirs {
		for _, file := range goFiles(t, dir) {
			fixed := filepath.ToSlash(filepath.Join(tmp, file))
			expectFixedFile(t, readLines(t, file), readLines(t, fixed), fixed, before, reached, after, stayOff)
		}
	}
}

// copyPackages copies the Go files of the packages dirs into a new
// directory of the module named prefix..., which the go command's ./...
// leaves out, removed when t ends. It returns that directory, the copies'
// package patterns and the originals'.
func copyPackages(t *testing.T, prefix string, dirs []string) (tmp string, pkgs, originals []string) {
	t.Helper()
	tmp, err := os.MkdirTemp(".", prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	for _, dir := range dirs {
		copyGoFiles(t, dir, filepath.Join(tmp, dir))
		pkgs = append(pkgs, "./"+filepath.ToSlash(filepath.Join(tmp, dir)))
		originals = append(originals, "./"+dir)
	}
	return tmp, pkgs, originals
}

// expectFixedFile checks one file the fix may have changed: fixed is
// original after -fix, written at path; before and after are the findings
// before and after the fix, reached the lines each finding's off-owner
// code reaches its touch from (a finding in a method is handled when the
// call of the method moved into a hop).
func expectFixedFile(t testing.TB, original, fixed []string, path string, before []Finding, reached map[Finding][]int, after []Finding, stayOff []string) {
	t.Helper()
	moved := keptLines(original, fixed) // moved[i]: where original[i] is in fixed, or -1
	added := func(j int) bool { return !slices.Contains(moved, j) }
	// now is where line (1-based) of original is in fixed, or -1.
	now := func(line int) int {
		j := moved[line-1]
		if j < 0 { // changed: moved into a hop, reindented, or its comment left
			j = firstAdded(fixed, codeOf(original[line-1]), added)
		}
		return j
	}
	hopped := func(line int) bool {
		if line > len(original) {
			return false
		}
		j := now(line)
		return j >= 0 && inAddedHop(fixed, j, added) >= 0
	}
	for _, f := range before {
		if f.File != path || f.Line > len(original) {
			continue
		}
		code := codeOf(original[f.Line-1])
		j := now(f.Line)
		switch {
		case j < 0:
			t.Errorf("%s: the fix removed %q", path, code)
		case hopped(f.Line), slices.ContainsFunc(reached[f], hopped):
		default:
			if _, ok := At(after, path, j+1); !ok {
				t.Errorf("%s:%d: %q, reported before, is neither reported nor moved into a hop after -fix", path, j+1, code)
			}
		}
	}
	for i, line := range fixed {
		if open := inAddedHop(fixed, i, added); open >= 0 {
			for _, frag := range stayOff {
				if strings.Contains(line, frag) {
					t.Errorf("%s:%d: the fix moved %q into the hop at line %d; it must stay off the owner", path, i+1, strings.TrimSpace(line), open+1)
				}
			}
		}
	}
}

// firstAdded returns the first line of fixed with code in it that the fix
// added, or -1.
func firstAdded(fixed []string, code string, added func(int) bool) int {
	for j, l := range fixed {
		if added(j) && codeOf(l) == code {
			return j
		}
	}
	return -1
}

// keptLines says where each line of original is in fixed (-1 for those the
// fix changed), the other lines of fixed being what the fix added: a
// longest common subsequence of the two.
func keptLines(original, fixed []string) []int {
	n, m := len(original), len(fixed)
	lcs := make([][]int, n+1) // lcs[i][j]: of original[i:] and fixed[j:]
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if original[i] == fixed[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	moved := make([]int, n)
	for i := range moved {
		moved[i] = -1
	}
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case original[i] == fixed[j]:
			moved[i] = j
			i, j = i+1, j+1
		case lcs[i+1][j] > lcs[i][j+1]:
			i++ // on a tie, what fixed has here is taken as added
		default:
			j++
		}
	}
	return moved
}

// inAddedHop returns the line that opens the innermost func literal around
// line i, if the fix added it ("fyne.Do(func() {"), and -1 otherwise.
func inAddedHop(lines []string, i int, added func(int) bool) int {
	indent := indentOf(lines[i])
	for j := i - 1; j >= 0; j-- {
		if strings.TrimSpace(lines[j]) == "" || indentOf(lines[j]) >= indent {
			continue
		}
		if added(j) && strings.HasSuffix(codeOf(lines[j]), "func() {") {
			return j
		}
		return -1
	}
	return -1
}

// codeOf is line without its comment and the white space around.
func codeOf(line string) string {
	if i := strings.Index(line, "//"); i >= 0 {
		line = line[:i]
	}
	return strings.TrimSpace(line)
}

func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, "\t ")) }

// readLines returns the lines of file.
func readLines(t testing.TB, file string) []string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(src), "\n")
}

// copyGoFiles copies the Go files of dir into to.
func copyGoFiles(t testing.TB, dir, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, file := range goFiles(t, dir) {
		src, err := os.ReadFile(file)
		if err == nil {
			err = os.WriteFile(filepath.Join(to, filepath.Base(file)), src, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}
