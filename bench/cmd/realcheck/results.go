package main

import (
	"fmt"
	"slices"
	"strings"
)

// A result is what one target's check found.
type result struct {
	spec       *spec
	inserted   int       // doc comments changed
	vet        []finding // go vet, test files included
	standalone []finding // confinecheck -test=false
	verdicts   map[string]verdict
}

// markdown renders r deterministically: no times, no temporary paths.
func (r *result) markdown() string {
	var b strings.Builder
	s := r.spec
	fmt.Fprintf(&b, "# %s: %s %s\n\n", s.name, s.module, s.version)
	fmt.Fprintf(&b, "Written by `go run ./cmd/realcheck` from `%s.spec` (the directives) and `%s.verdicts` (the judgements); edit those, not this file.\n\n", s.name, s.name)
	fmt.Fprintf(&b, "- directives: %d spec lines, inserted into %d doc comments\n", len(s.entries), r.inserted)
	fmt.Fprintf(&b, "- checked: `go vet -vettool=confinecheck %s` in a copy of the module with the directives (test files included)\n", strings.Join(s.patterns, " "))
	correct, wrong, unjudged := tally(r.vet, r.verdicts)
	fmt.Fprintf(&b, "- findings: %d (%d in test files): %d true, %d false, %d not judged\n", len(r.vet), countTests(r.vet), correct, wrong, unjudged)
	fmt.Fprintf(&b, "- standalone `confinecheck -test=false`: %d findings\n", len(r.standalone))
	b.WriteString("\n## Findings\n\n| # | position | finding | verdict | reason |\n|---|---|---|---|---|\n")
	for i, f := range r.vet {
		verdictText, reason := judgement(r.verdicts, f)
		fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %s |\n", i+1, f.posn(), cell(f.message), verdictText, cell(reason))
	}
	if diff := r.standaloneDiff(); len(diff) > 0 {
		b.WriteString("\n## go vet and standalone `-test=false` differ\n\nIn non-test files. A finding only go vet has comes from a package's test variant (test code reaching the package's own code); one only the standalone run has is a difference between the drivers:\n\n")
		for _, d := range diff {
			fmt.Fprintf(&b, "- %s\n", d)
		}
	}
	writeStale(&b, staleVerdicts(r.vet, r.verdicts))
	return b.String()
}

// judgement is the verdict and reason cells of f's row: its verdict's, or
// "not judged".
func judgement(verdicts map[string]verdict, f finding) (label, reason string) {
	if v, ok := verdictOf(verdicts, f); ok {
		return verdictLabel(v), v.reason
	}
	return "not judged", ""
}

// writeStale writes the section listing the verdicts no finding has, if
// there are any.
func writeStale(b *strings.Builder, stale []verdict) {
	if len(stale) == 0 {
		return
	}
	b.WriteString("\n## Verdicts with no finding\n\nThe analyzer no longer reports these (fixed, or moved):\n\n")
	for _, v := range stale {
		fmt.Fprintf(b, "- `%s` %s: %s\n", v.posn, verdictLabel(v), cell(v.reason))
	}
}

func verdictLabel(v verdict) string {
	if v.correct {
		return "true"
	}
	if v.cause != "" {
		return "false (" + v.cause + ")"
	}
	return "false"
}

// tally counts the findings judged true, judged false and not judged; a
// finding's verdict is the one at its position (finding.posn).
func tally(findings []finding, verdicts map[string]verdict) (correct, wrong, unjudged int) {
	for _, f := range findings {
		v, ok := verdictOf(verdicts, f)
		switch {
		case !ok:
			unjudged++
		case v.correct:
			correct++
		default:
			wrong++
		}
	}
	return correct, wrong, unjudged
}

func countTests(fs []finding) int {
	n := 0
	for _, f := range fs {
		if f.inTest() {
			n++
		}
	}
	return n
}

// standaloneDiff lists the findings in non-test files only one of the two
// runs has.
func (r *result) standaloneDiff() []string {
	var diff []string
	for _, f := range r.vet {
		if !f.inTest() && !slices.Contains(r.standalone, f) {
			diff = append(diff, fmt.Sprintf("only under go vet: `%s` %s", f.posn(), cell(f.message)))
		}
	}
	for _, f := range r.standalone {
		if !slices.Contains(r.vet, f) {
			diff = append(diff, fmt.Sprintf("only standalone: `%s` %s", f.posn(), cell(f.message)))
		}
	}
	return diff
}

// staleVerdicts returns the verdicts at positions no finding has, sorted.
func staleVerdicts(findings []finding, verdicts map[string]verdict) []verdict {
	var stale []verdict
	for _, v := range verdicts {
		if !slices.ContainsFunc(findings, func(f finding) bool { return f.posn() == v.posn || f.posn()+" via "+f.via() == v.posn }) {
			stale = append(stale, v)
		}
	}
	slices.SortFunc(stale, func(a, b verdict) int { return strings.Compare(a.posn, b.posn) })
	return stale
}

// cell makes text safe inside a markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}
