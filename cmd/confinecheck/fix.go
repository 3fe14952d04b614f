package main

import (
	"fmt"
	"io"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/suggest"
)

// maxFixRounds bounds -fix: each round applies the fixes that do not
// overlap, and the next finds the others again where those left them. A
// timer closure with three touching statements takes two.
const maxFixRounds = 10

// runFix is confinecheck -fix: it applies every fix that applies,
// repeating until nothing changes, and returns 0 when it applied them
// all. singlechecker applies one round and asks to be run again, which
// breaks "confinecheck -fix ./... && confinecheck ./...". Nothing is lost:
// a file changed since it was loaded, or that the fixes would leave
// unparsable, is not written; fixes that leave the code not building are
// taken back. What is not applied is listed, and the status is 1.
func runFix(args []string, stdout, stderr io.Writer) int {
	d := newDriver(stderr)
	if err := d.flags.Parse(args); err != nil {
		return 2
	}
	isFinding := func(diag analysis.Diagnostic) bool { return diag.Category != suggest.Category }
	applied, files := 0, make(map[string]bool)
	var last []fix.Written // the previous round's, to take back if it broke the build
	for round := 1; ; round++ {
		graph, status := d.analyze(d.flags.Args())
		if status != 0 {
			if len(last) > 0 {
				fmt.Fprintf(stderr, "confinecheck: the fixes of round %d leave the code not building; they are taken back\n", round-1)
				if err := fix.Restore(last); err != nil {
					fmt.Fprintln(stderr, "confinecheck:", err)
				}
			}
			return status
		}
		changes, sizes := fixesOf(slices.Values(graph.Roots), isFinding)
		changes = slices.DeleteFunc(changes, func(c fix.Change) bool { return len(c.Edits) == 0 })
		if len(changes) == 0 {
			if applied > 0 {
				fmt.Fprintf(stdout, "confinecheck: applied %s in %s\n", plural(applied, "fix", "fixes"), plural(len(files), "file", "files"))
			}
			return 0
		}
		kept, _ := fix.Compatible(changes) // the others: next round
		var written []fix.Written
		var problems []string
		if round <= maxFixRounds {
			written, problems = fix.Write(kept, sizes)
		}
		if len(written) == 0 {
			for _, p := range problems {
				fmt.Fprintln(stderr, "confinecheck:", p)
			}
			fmt.Fprintf(stderr, "confinecheck: applied %d fixes; %d could not be applied:\n", applied, len(changes))
			for _, c := range changes {
				fmt.Fprintln(stderr, "\t"+c.Finding())
			}
			return 1
		}
		wrote := make(map[string]bool)
		for _, w := range written {
			wrote[w.File], files[w.File] = true, true
		}
		for _, c := range kept { // in when every file it edits was written this round
			if !slices.ContainsFunc(c.Edits, func(e fix.FileEdit) bool { return !wrote[e.File] }) {
				applied++
			}
		}
		last = written
	}
}

// plural is "1 fix", "2 fixes".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
