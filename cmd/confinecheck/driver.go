package main

// This file is the standalone checker's own driver, for what singlechecker
// cannot do: -suggest, whose fixes may edit other packages than the one
// analysed, and a -fix that repeats until every fix is in.

import (
	"flag"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/confinecheck/confinecheck/analyzer"
	"github.com/confinecheck/confinecheck/internal/fix"
)

// asks reports whether the command line sets the boolean flag name (plain
// or qualified), outside go vet, which runs the tool on one package's
// .cfg file at a time.
func asks(args []string, name string) bool {
	if slices.ContainsFunc(args, func(a string) bool { return strings.HasSuffix(a, ".cfg") }) {
		return false
	}
	for _, a := range args {
		if a == "--" {
			return false
		}
		flagName, value, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (flagName == name || flagName == analyzer.Analyzer.Name+"."+name) && value != "false" {
			return true
		}
	}
	return false
}

// A driver loads packages and runs the analyzer on them, with the
// analyzer's flags and the loading flags singlechecker also takes.
type driver struct {
	flags  *flag.FlagSet
	apply  *bool // -fix
	tests  *bool // -test
	tags   *string
	stderr io.Writer
}

func newDriver(stderr io.Writer) *driver {
	fs := flag.NewFlagSet("confinecheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	d := &driver{flags: fs, stderr: stderr}
	d.apply = fs.Bool("fix", false, "apply the fixes")
	d.tests = fs.Bool("test", true, "also load the packages' tests")
	d.tags = fs.String("tags", "", "comma-separated build tags")
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, f.Name, f.Usage)
		fs.Var(f.Value, analyzer.Analyzer.Name+"."+f.Name, f.Usage)
	})
	addDriverFlags(fs) // taken, and of no use here (-json, -c)
	return d
}

// analyze loads the packages the patterns name and analyses them. It
// returns a non-zero exit status, having said why, when loading,
// type-checking or the analysis fails.
func (d *driver) analyze(patterns []string) (*checker.Graph, int) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: *d.tests}
	if *d.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + *d.tags}
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintln(d.stderr, "confinecheck:", err)
		return nil, 1
	}
	if packages.PrintErrors(pkgs) > 0 {
		return nil, 1
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintln(d.stderr, "confinecheck:", err)
		return nil, 1
	}
	for act := range graph.All() {
		if act.Err != nil {
			fmt.Fprintf(d.stderr, "confinecheck: %s: %v\n", act.Package.PkgPath, act.Err)
			return nil, 1
		}
	}
	return graph, 0
}

// fixesOf are the first suggested fixes of the actions' diagnostics that
// want is true of (with no edits for those without one), each once per
// place (a package and its test variant report the same, maybe with other
// evidence), in the order of their findings, and the sizes of the files
// they edit as loaded.
func fixesOf(acts iter.Seq[*checker.Action], want func(analysis.Diagnostic) bool) ([]fix.Change, map[string]int) {
	var out []fix.Change
	sizes := make(map[string]int)
	for act := range acts {
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			if !want(d) {
				continue
			}
			c := fix.Change{Pos: fset.Position(d.Pos), Message: d.Message}
			var edits []analysis.TextEdit
			if len(d.SuggestedFixes) > 0 {
				edits = d.SuggestedFixes[0].TextEdits
			}
			for _, e := range edits {
				start, end := fset.Position(e.Pos), fset.Position(e.End)
				if !e.End.IsValid() {
					end = start
				}
				sizes[start.Filename] = fset.File(e.Pos).Size()
				c.Edits = append(c.Edits, fix.FileEdit{File: start.Filename, Start: start.Offset, End: end.Offset, Text: string(e.NewText)})
			}
			out = append(out, c)
		}
	}
	return fix.Distinct(out), sizes
}
