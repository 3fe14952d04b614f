package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/confinecheck/confinecheck/analyzer"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/suggest"
)

// wantsSuggest reports whether the command line asks for -suggest, outside
// go vet (which runs the tool on one package's .cfg file at a time).
func wantsSuggest(args []string) bool {
	if slices.ContainsFunc(args, func(a string) bool { return strings.HasSuffix(a, ".cfg") }) {
		return false
	}
	for _, a := range args {
		if a == "--" {
			return false
		}
		name, value, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "suggest" || name == analyzer.Analyzer.Name+".suggest") && value != "false" {
			return true
		}
	}
	return false
}

// A suggestion is one -suggest diagnostic, and the text it inserts.
type suggestion struct {
	file         string
	line, column int
	message      string
	edits        []fix.Insertion
}

// runSuggest is confinecheck -suggest. The analyzer proposes a type's
// directive from the package whose code writes it, which may be another
// package of the module than the type's: a standalone driver has to apply
// such fixes, since a pass may only edit its own files. So -suggest loads
// the packages itself, runs the analyzer over them and their dependencies,
// prints each proposal once and, with -fix, inserts them. It returns the
// exit status: 3 when it printed proposals, 1 on errors, 0 otherwise.
func runSuggest(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("confinecheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	apply := fs.Bool("fix", false, "insert the proposed directives")
	tests := fs.Bool("test", true, "also load the packages' tests")
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, f.Name, f.Usage)
		fs.Var(f.Value, analyzer.Analyzer.Name+"."+f.Name, f.Usage)
	})
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: *tests}
	pkgs, err := packages.Load(cfg, fs.Args()...)
	if err != nil {
		fmt.Fprintln(stderr, "confinecheck:", err)
		return 1
	}
	if packages.PrintErrors(pkgs) > 0 {
		return 1
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintln(stderr, "confinecheck:", err)
		return 1
	}
	suggestions := collectSuggestions(graph)
	if !*apply {
		for _, s := range suggestions {
			fmt.Fprintf(stderr, "%s:%d:%d: %s\n", s.file, s.line, s.column, s.message)
		}
		if len(suggestions) > 0 {
			return 3
		}
		return 0
	}
	var edits []fix.Insertion
	for _, s := range suggestions {
		edits = append(edits, s.edits...)
	}
	files, err := fix.Insert(edits)
	if err != nil {
		fmt.Fprintln(stderr, "confinecheck:", err)
		return 1
	}
	fmt.Fprintf(stdout, "confinecheck: inserted the directives of %d proposals in %d files\n", len(suggestions), files)
	return 0
}

// collectSuggestions gathers the -suggest diagnostics of every package
// analysed, once each: a package and its test variant propose the same
// directive, maybe with other evidence, and so may two packages writing
// one type.
func collectSuggestions(graph *checker.Graph) []suggestion {
	var all []suggestion
	for act := range graph.All() {
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			if d.Category != suggest.Category {
				continue
			}
			p := fset.Position(d.Pos)
			s := suggestion{file: p.Filename, line: p.Line, column: p.Column, message: d.Message}
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					s.edits = append(s.edits, fix.Insertion{File: fset.Position(e.Pos).Filename, Offset: fset.Position(e.Pos).Offset, Text: string(e.NewText)})
				}
			}
			all = append(all, s)
		}
	}
	slices.SortFunc(all, func(a, b suggestion) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.column, b.column), cmp.Compare(a.message, b.message))
	})
	// Keep one per place and inserted text.
	return slices.CompactFunc(all, func(a, b suggestion) bool {
		return a.file == b.file && a.line == b.line && a.column == b.column && slices.Equal(a.edits, b.edits)
	})
}
