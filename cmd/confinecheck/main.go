// Command confinecheck reports code that runs off its owner's execution
// context and touches state confined to that owner.
//
// Standalone:
//
//	confinecheck ./...
//	confinecheck -json ./...
//	confinecheck -fix ./...
//	confinecheck -suggest ./...       # propose directives for unannotated code
//	confinecheck -suggest -fix ./...  # and insert them
//
// Under go vet (the path must be absolute or relative, not a bare name):
//
//	go vet -vettool=$(command -v confinecheck) ./...
//	go vet -vettool=$(command -v confinecheck) -confinecheck.async=example.com/lib.Every ./...
//
// It exits 3 when it reports findings, 1 on errors, 2 on a mistake in its
// flags (one line, then "run confinecheck -help"), and 0 otherwise;
// -V prints its version. -fix applies every fix, round after round, and
// exits 0 when all are in.
package main

import (
	"flag"
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/confinecheck/confinecheck/analyzer"
)

func main() {
	// A single-analyzer tool takes its analyzer's flags by their plain
	// names (-async). Accept the qualified spelling too (-confinecheck.async),
	// the one multi-analyzer drivers use and docs/directives.md documents; go vet
	// learns both from the tool's flag list and passes either through.
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		flag.Var(f.Value, analyzer.Analyzer.Name+"."+f.Name, f.Usage)
	})
	if versionRequest(os.Args[1:]) {
		fmt.Println("confinecheck", version())
		return
	}
	// One line for a mistyped flag, not the driver's whole usage text.
	if err := checkFlags(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "confinecheck: %v (run confinecheck -help for the flags)\n", err)
		os.Exit(2)
	}
	switch args := os.Args[1:]; {
	case asks(args, "suggest"):
		os.Exit(runSuggest(args, os.Stdout, os.Stderr))
	case asks(args, "fix") && !asks(args, "diff"):
		os.Exit(runFix(args, os.Stdout, os.Stderr))
	}
	singlechecker.Main(analyzer.Analyzer)
}
