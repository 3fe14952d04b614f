package main

import (
	"fmt"
	"io"

	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/suggest"
	"golang.org/x/tools/go/analysis"
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
	changes, sizes := fixesOf(graph.All(), isProposal)
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
