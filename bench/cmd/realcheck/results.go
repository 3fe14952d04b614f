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
	correct, wrong, unjudged := r.tally()
	fmt.Fprintf(&b, "- findings: %d (%d in test files): %d true, %d false, %d not judged\n", len(r.vet), countTests(r.vet), correct, wrong, unjudged)
	fmt.Fprintf(&b, "- standalone `confinecheck -test=false`: %d findings\n", len(r.standalone))
	b.WriteString("\n## Findings\n\n| # | position | finding | verdict | reason |\n|---|---|---|---|---|\n")
	for i, f := range r.vet {
		verdictText, reason := "not judged", ""
		if v, ok := r.verdicts[f.posn()]; ok {
			verdictText, reason = verdictLabel(v), v.reason
		}
		fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %s |\n", i+1, f.posn(), cell(f.message), verdictText, cell(reason))
	}
	if diff := r.standaloneDiff(); len(diff) > 0 {
		b.WriteString("\n## go vet and standalone `-test=false` differ\n\nIn non-test files. A finding only go vet has comes from a package's test variant (test code reaching the package's own code); one only the standalone run has is a difference between the drivers:\n\n")
		for _, d := range diff {
			fmt.Fprintf(&b, "- %s\n", d)
		}
	}
	if stale := r.staleVerdicts(); len(stale) > 0 {
		b.WriteString("\n## Verdicts with no finding\n\nThe analyzer no longer reports these (fixed, or moved):\n\n")
		for _, v := range stale {
			fmt.Fprintf(&b, "- `%s` %s: %s\n", v.posn, verdictLabel(v), cell(v.reason))
		}
	}
	return b.String()
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

func (r *result) tally() (correct, wrong, unjudged int) {
	for _, f := range r.vet {
		v, ok := r.verdicts[f.posn()]
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

func (r *result) staleVerdicts() []verdict {
	var stale []verdict
	for _, v := range r.verdicts {
		if !slices.ContainsFunc(r.vet, func(f finding) bool { return f.posn() == v.posn }) {
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
