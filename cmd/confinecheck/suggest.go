package main

import (
	"fmt"
	"go/token"
	"io"
	"iter"
	"maps"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/suggest"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// runSuggest is confinecheck -suggest. The analyzer proposes a type's
// directive from the package whose code writes it, which may be another
// package of the module than the type's: a standalone driver has to apply
// such fixes, since a pass may only edit its own files. So -suggest loads
// the packages itself, runs the analyzer over them and their dependencies,
// prints each proposal once and, with -fix, inserts them. It returns the
// exit status: 3 when it printed proposals, 1 on errors, 0 otherwise.
func runSuggest(args []string, stdout, stderr io.Writer) int {
	d := newDriver(stderr)
	if err := d.flags.Parse(args); err != nil {
		return 2
	}
	graph, status := d.analyze(d.flags.Args())
	if status != 0 {
		return status
	}
	isProposal := func(d analysis.Diagnostic) bool { return d.Category == suggest.Category }
	changes, sizes := fixesOf(withoutTests(graph.All(), false), isProposal)
	// A package's test variant sees the production code with the tests
	// beside it (an implementation in a test file, a goroutine a test
	// starts): its proposals for the production code could differ from the
	// plain package's, which alone decides those. Its own are for its test
	// files.
	testChanges, testSizes := fixesOf(withoutTests(graph.All(), true), isProposal)
	for _, c := range testChanges {
		if strings.HasSuffix(c.Pos.Filename, "_test.go") {
			changes = append(changes, c)
		}
	}
	maps.Copy(sizes, testSizes)
	explain := d.flags.Lookup("explain").Value.String() == "true"
	changes = agreeing(changes, explain)
	if !*d.apply {
		for _, c := range changes {
			fmt.Fprintln(stderr, c.Finding())
		}
		if len(changes) > 0 {
			return 3
		}
		return 0
	}
	// Insertions only: all of them apply together.
	written, problems := fix.Write(changes, sizes)
	for _, p := range problems {
		fmt.Fprintln(stderr, "confinecheck:", p)
	}
	if len(problems) > 0 {
		return 1
	}
	fmt.Fprintf(stdout, "confinecheck: inserted the directives of %d proposals in %d files\n", len(changes), len(written))
	return 0
}

// withoutTests yields the actions of acts on test variants of packages
// (tests) or on the others.
func withoutTests(acts iter.Seq[*checker.Action], tests bool) iter.Seq[*checker.Action] {
	return func(yield func(*checker.Action) bool) {
		for act := range acts {
			if strings.Contains(act.Package.ID, " [") == tests && !yield(act) { // "p [p.test]"
				return
			}
		}
	}
}

// agreeing keeps the proposals that no other package contradicts. A type
// that loops of different packages reach is proposed by each, with its own
// owner: such a type gets none (with -explain, a line says why), and so
// does one a package proposes while another declines it because several
// owners write it.
func agreeing(changes []fix.Change, explain bool) []fix.Change {
	byPlace := make(map[token.Position][]fix.Change)
	for _, c := range changes {
		byPlace[c.Pos] = append(byPlace[c.Pos], c)
	}
	var out []fix.Change
	settled := make(map[token.Position]bool)
	for _, c := range changes {
		others := byPlace[c.Pos]
		if settled[c.Pos] {
			continue
		}
		settled[c.Pos] = true
		var proposed []string
		declined := false
		for _, o := range others {
			if len(o.Edits) > 0 {
				proposed = append(proposed, strings.Join(strings.Fields(o.Edits[0].Text), " "))
			} else if strings.HasPrefix(o.Message, "explain:") && strings.Contains(o.Message, "several owners") {
				declined = true
			}
		}
		slices.Sort(proposed)
		proposed = slices.Compact(proposed)
		if len(proposed) <= 1 && (!declined || len(proposed) == 0) {
			out = append(out, others...)
			continue
		}
		if explain {
			i := slices.IndexFunc(others, func(o fix.Change) bool { return len(o.Edits) > 0 })
			what, _, _ := strings.Cut(strings.TrimPrefix(others[i].Message, "suggest for "), ": ")
			out = append(out, fix.Change{Pos: c.Pos, Message: fmt.Sprintf("explain: nothing proposed for %s: the packages reaching it disagree (%s): several owners reach it", what, strings.Join(proposed, "; "))})
		}
	}
	return out
}
