package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/confinecheck/confinecheck/analyzer"
)

// suggestCategory is the category of the analyzer's -suggest diagnostics.
const suggestCategory = "suggest"

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
	edits        []insertion
}

// An insertion is a text edit that only inserts, as -suggest's do.
type insertion struct {
	file   string
	offset int
	text   string
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
	fix := fs.Bool("fix", false, "insert the proposed directives")
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
	if !*fix {
		for _, s := range suggestions {
			fmt.Fprintf(stderr, "%s:%d:%d: %s\n", s.file, s.line, s.column, s.message)
		}
		if len(suggestions) > 0 {
			return 3
		}
		return 0
	}
	files, err := applyInsertions(suggestions)
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
			if d.Category != suggestCategory {
				continue
			}
			p := fset.Position(d.Pos)
			s := suggestion{file: p.Filename, line: p.Line, column: p.Column, message: d.Message}
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					s.edits = append(s.edits, insertion{file: fset.Position(e.Pos).Filename, offset: fset.Position(e.Pos).Offset, text: string(e.NewText)})
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

// applyInsertions writes the insertions of suggestions into their files,
// each distinct insertion once, and returns how many files it changed.
func applyInsertions(suggestions []suggestion) (int, error) {
	byFile := make(map[string][]insertion)
	for _, s := range suggestions {
		for _, e := range s.edits {
			if !slices.Contains(byFile[e.file], e) {
				byFile[e.file] = append(byFile[e.file], e)
			}
		}
	}
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		src, err := os.ReadFile(file)
		if err != nil {
			return 0, err
		}
		edits := byFile[file]
		// From the end, so that offsets stay valid; at one offset, in the
		// order of their text.
		slices.SortFunc(edits, func(a, b insertion) int { return cmp.Or(cmp.Compare(b.offset, a.offset), cmp.Compare(b.text, a.text)) })
		for _, e := range edits {
			if e.offset > len(src) {
				return 0, fmt.Errorf("%s changed while it was analysed", file)
			}
			src = slices.Concat(src[:e.offset], []byte(e.text), src[e.offset:])
		}
		info, err := os.Stat(file)
		if err != nil {
			return 0, err
		}
		if err := os.WriteFile(file, src, info.Mode().Perm()); err != nil {
			return 0, err
		}
	}
	return len(byFile), nil
}
