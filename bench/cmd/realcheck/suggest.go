package main

import (
	"bufio"
	"bytes"
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
// what the plain check then found, with the judgements of bench/realcode/
// NAME.suggest.verdicts.
type suggestResult struct {
	spec      *spec
	proposals []finding // positions upstream's
	vet       []finding // after -suggest -fix, test files included; positions upstream's
	verdicts  map[string]verdict
}

// suggestTarget runs confinecheck -suggest on a pristine copy of the spec's
// module (its directives are not used), then -suggest -fix, then the plain
// check under go vet, and reads NAME.suggest.verdicts beside the spec.
//
// The findings, like the proposals, are on the lines of the module as
// published: the lines -fix inserted are taken out (insertedLines), as the
// annotated mode takes out the spec's. A verdict's POSN is therefore the
// position NAME.suggest.md shows, and stays valid when -suggest proposes
// more or fewer directives above it.
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
	if r.vet, err = vetFindings(root, bin, lines, s.patterns); err != nil {
		return nil, err
	}
	r.verdicts, err = readVerdicts(suggestVerdictsPath(specPath))
	return r, err
}

// suggestVerdictsPath is NAME.suggest.verdicts beside NAME.spec: the
// judgements of the findings after -suggest -fix, in NAME.verdicts' format.
func suggestVerdictsPath(specPath string) string {
	return strings.TrimSuffix(specPath, ".spec") + ".suggest.verdicts"
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

// insertedLines compares the fixed copy root with the pristine module src
// (insertedBy): the lines -fix inserted, the directives and the "//" gofmt
// parts them from a doc comment's text with, are taken out of the
// positions, and a line -fix appended a directive to (a field's) stays
// where it was.
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
		if bytes.Equal(before, after) {
			return nil
		}
		inserted, err := insertedBy(strings.Split(string(before), "\n"), strings.Split(string(after), "\n"))
		if err != nil {
			return fmt.Errorf("%s after -suggest -fix: %v; its positions cannot be taken back to the published file", rel, err)
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
	fmt.Fprintf(&b, "Written by `go run ./cmd/realcheck -suggest`: `confinecheck -suggest %s` on the module as published (the spec's directives are not used), then `-suggest -fix`, then `go vet -vettool=confinecheck` (test files included), and `%s.suggest.verdicts` (the judgements of the findings); edit that, not this file.\n\n", strings.Join(s.patterns, " "), s.name)
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
	correct, wrong, unjudged := tally(r.vet, r.verdicts)
	fmt.Fprintf(&b, "- judged: %d true, %d false, %d not judged\n", correct, wrong, unjudged)
	b.WriteString("\n## Proposals\n\n| # | position | proposal |\n|---|---|---|\n")
	for i, p := range r.proposals {
		fmt.Fprintf(&b, "| %d | `%s` | %s |\n", i+1, p.posn(), cell(p.message))
	}
	b.WriteString("\n## Findings after -suggest -fix\n\n| # | position | finding | verdict | reason |\n|---|---|---|---|---|\n")
	for i, f := range r.vet {
		verdictText, reason := judgement(r.verdicts, f)
		fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %s |\n", i+1, f.posn(), cell(f.message), verdictText, cell(reason))
	}
	writeStale(&b, staleVerdicts(r.vet, r.verdicts))
	return b.String()
}
