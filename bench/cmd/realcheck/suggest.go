package main

import (
	"bufio"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A suggestResult is what -suggest proposed for one target, pristine, and
// what the plain check then found.
type suggestResult struct {
	spec      *spec
	proposals []finding // positions upstream's
	vet       []finding // after -suggest -fix, test files included
}

// suggestTarget runs confinecheck -suggest on a pristine copy of the spec's
// module (its directives are not used), then -suggest -fix, then the plain
// check under go vet.
func suggestTarget(specPath, tmp, bin string) (*suggestResult, error) {
	s, src, root, err := pristineCopy(specPath, tmp, "-suggest")
	if err != nil {
		return nil, err
	}
	r := &suggestResult{spec: s}
	// The proposals: exit status 3 when there are some.
	out, err := runSuggest(root, bin, s.patterns)
	if err != nil {
		return nil, err
	}
	for sc := bufio.NewScanner(strings.NewReader(out)); sc.Scan(); {
		posn, message, ok := strings.Cut(sc.Text(), ": ")
		if !ok || !strings.HasPrefix(message, "suggest for ") {
			continue
		}
		f, err := parseFinding(root, lineMap{}, posn, message)
		if err != nil {
			return nil, err
		}
		r.proposals = append(r.proposals, f)
	}
	if _, err := runIn(root, bin, append([]string{"-suggest", "-fix"}, s.patterns...)...); err != nil {
		return nil, err
	}
	lines, err := insertedLines(src, root)
	if err != nil {
		return nil, err
	}
	if _, err := runGo(root, append([]string{"build"}, s.patterns...)...); err != nil {
		return nil, err
	}
	r.vet, err = vetFindings(root, bin, lines, s.patterns)
	return r, err
}

// runSuggest runs confinecheck -suggest and returns what it printed; exit
// status 3 means proposals, not failure.
func runSuggest(root, bin string, patterns []string) (string, error) {
	cmd := command(root, bin, append([]string{"-suggest"}, patterns...)...)
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState != nil && cmd.ProcessState.ExitCode() == 3 {
		err = nil
	}
	if err != nil {
		return "", fmt.Errorf("confinecheck -suggest: %v\n%s", err, out)
	}
	return string(out), nil
}

var directive = regexp.MustCompile(`^\s*//confined:`)

// insertedLines compares the fixed copy root with the pristine module src:
// the lines -fix inserted are directive lines that src does not have there.
func insertedLines(src, root string) (lineMap, error) {
	lines := lineMap{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		after, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		before, err := os.ReadFile(filepath.Join(src, rel))
		if err != nil {
			return err
		}
		old, cur := strings.Split(string(before), "\n"), strings.Split(string(after), "\n")
		var inserted []int
		for i, j := 0, 0; j < len(cur); j++ {
			if i < len(old) && old[i] == cur[j] {
				i++
				continue
			}
			if directive.MatchString(cur[j]) {
				inserted = append(inserted, j+1)
			}
		}
		if len(inserted) > 0 {
			lines[filepath.ToSlash(rel)] = inserted
		}
		return nil
	})
	return lines, err
}

// markdown renders r deterministically.
func (r *suggestResult) markdown() string {
	var b strings.Builder
	s := r.spec
	fmt.Fprintf(&b, "# %s, from zero annotations: %s %s\n\n", s.name, s.module, s.version)
	fmt.Fprintf(&b, "Written by `go run ./cmd/realcheck -suggest`: `confinecheck -suggest %s` on the module as published (the spec's directives are not used), then `-suggest -fix`, then `go vet -vettool=confinecheck` (test files included). Do not edit.\n\n", strings.Join(s.patterns, " "))
	verbs := map[string]int{}
	for _, p := range r.proposals {
		for _, m := range regexp.MustCompile(`//confined:(\w+)`).FindAllStringSubmatch(p.message, -1) {
			verbs[m[1]]++
		}
	}
	var counts []string
	for _, v := range slices.Sorted(maps.Keys(verbs)) {
		counts = append(counts, fmt.Sprintf("%d %s", verbs[v], v))
	}
	fmt.Fprintf(&b, "- proposals: %d (%s)\n", len(r.proposals), strings.Join(counts, ", "))
	fmt.Fprintf(&b, "- findings of the plain check after `-suggest -fix`: %d (%d in test files)\n", len(r.vet), countTests(r.vet))
	b.WriteString("\n## Proposals\n\n| # | position | proposal |\n|---|---|---|\n")
	for i, p := range r.proposals {
		fmt.Fprintf(&b, "| %d | `%s` | %s |\n", i+1, p.posn(), cell(p.message))
	}
	b.WriteString("\n## Findings after -suggest -fix\n\n| # | position | finding |\n|---|---|---|\n")
	for i, f := range r.vet {
		fmt.Fprintf(&b, "| %d | `%s` | %s |\n", i+1, f.posn(), cell(f.message))
	}
	return b.String()
}
