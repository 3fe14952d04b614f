// Command realcheck is the real-code precision check: it takes modules from
// the module proxy at pinned versions, inserts the directives their own
// comments and run-time assertions justify (bench/realcode/NAME.spec), and
// runs confinecheck over them, test files included, so that every finding
// can be judged true or false (bench/realcode/NAME.verdicts). Run it from
// bench/ (see README.md):
//
//	go run ./cmd/realcheck                  # every bench/realcode/*.spec
//	go run ./cmd/realcheck -targets http2   # one
//	go run ./cmd/realcheck -suggest         # from zero annotations: -suggest, -fix, then the check (NAME.suggest.md, judged in NAME.suggest.verdicts)
//	go run ./cmd/realcheck -targets raft -annotate DIR  # only write the annotated module to DIR (cmd/bench's etcdraft)
//
// For each target it downloads the module, copies it to a temporary
// directory, annotates the copy, checks that it still builds, builds
// confinecheck from the repository, runs `go vet -vettool=confinecheck`
// (test files included) and the standalone `confinecheck -test=false`,
// prints the findings and writes bench/realcode/NAME.md. No upstream code
// is kept.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/confinecheck/confinecheck/bench/internal/cli"
)

type options struct {
	repo       string
	targets    []string
	standalone bool
	keep       bool
	suggest    bool
	annotate   string // write the one target's annotated module here, and stop
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("realcheck: ")
	repo := flag.String("repo", "..", "the confinecheck repository to build the analyzer from")
	targets := flag.String("targets", "", "comma-separated NAMEs of bench/realcode/NAME.spec (default: all)")
	standalone := flag.Bool("standalone", true, "also run the standalone confinecheck -test=false, for comparison")
	keep := flag.Bool("keep", false, "keep the annotated module copies (their directory is printed)")
	suggest := flag.Bool("suggest", false, "start from the module as published: confinecheck -suggest, -suggest -fix, then the check; writes NAME.suggest.md")
	annotateTo := flag.String("annotate", "", "only write the annotated module of the one target to this `directory` (no check)")
	flag.Parse()

	benchDir := cli.BenchDir()
	opts := options{repo: *repo, standalone: *standalone, keep: *keep, suggest: *suggest, annotate: *annotateTo}
	if *targets != "" {
		opts.targets = strings.Split(*targets, ",")
	}
	if err := run(benchDir, opts); err != nil {
		log.Fatal(err)
	}
}

func run(benchDir string, opts options) error {
	specDir := filepath.Join(benchDir, "realcode")
	specs, err := specPaths(specDir, opts.targets)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "realcheck-")
	if err != nil {
		return err
	}
	if opts.annotate != "" {
		defer os.RemoveAll(tmp)
		if len(specs) != 1 {
			return fmt.Errorf("-annotate takes one target, got %d", len(specs))
		}
		return annotatedCopy(specs[0], tmp, opts.annotate)
	}
	if opts.keep {
		fmt.Printf("module copies in %s\n", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	repo, err := filepath.Abs(opts.repo)
	if err != nil {
		return err
	}
	bin, err := buildConfinecheck(repo, tmp)
	if err != nil {
		return err
	}
	for _, path := range specs {
		start := time.Now()
		if opts.suggest {
			r, err := suggestTarget(path, tmp, bin)
			if err != nil {
				return err
			}
			out := filepath.Join(specDir, r.spec.name+".suggest.md")
			if err := os.WriteFile(out, []byte(r.markdown()), 0o644); err != nil {
				return err
			}
			printSuggestResult(r, out, time.Since(start))
			continue
		}
		r, err := checkTarget(path, tmp, bin, opts.standalone)
		if err != nil {
			return err
		}
		out := filepath.Join(specDir, r.spec.name+".md")
		if err := os.WriteFile(out, []byte(r.markdown()), 0o644); err != nil {
			return err
		}
		printResult(r, out, time.Since(start))
	}
	return nil
}

// specPaths returns the spec files of the named targets, or all of them.
func specPaths(dir string, names []string) ([]string, error) {
	if len(names) == 0 {
		paths, err := filepath.Glob(filepath.Join(dir, "*.spec"))
		if err == nil && len(paths) == 0 {
			err = fmt.Errorf("no specs in %s", dir)
		}
		return paths, err
	}
	var paths []string
	for _, name := range names {
		paths = append(paths, filepath.Join(dir, name+".spec"))
	}
	return paths, nil
}

// checkTarget annotates a fresh copy of the spec's module and checks it.
func checkTarget(specPath, tmp, bin string, standalone bool) (*result, error) {
	s, _, root, err := pristineCopy(specPath, tmp, "")
	if err != nil {
		return nil, err
	}
	r := &result{spec: s}
	lines, err := annotate(root, s.module, s.entries)
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		r.inserted += len(l)
	}
	// The directives are comments, so this only proves the copy is a
	// module that builds here, before blaming the analyzer for anything.
	if _, err := runGo(root, append([]string{"build"}, s.patterns...)...); err != nil {
		return nil, err
	}
	if r.vet, err = vetFindings(root, bin, lines, s.patterns); err != nil {
		return nil, err
	}
	if standalone {
		if r.standalone, err = standaloneFindings(root, bin, lines, s.patterns); err != nil {
			return nil, err
		}
	}
	r.verdicts, err = readVerdicts(strings.TrimSuffix(specPath, ".spec") + ".verdicts")
	return r, err
}

// pristineCopy reads the spec and copies its module, as published, to a
// writable directory of tmp named after the spec (and suffix); it returns
// the spec, the module cache's directory and the copy's.
func pristineCopy(specPath, tmp, suffix string) (s *spec, src, root string, err error) {
	if s, err = readSpec(specPath); err != nil {
		return nil, "", "", err
	}
	if src, err = download(tmp, s.module, s.version); err != nil {
		return nil, "", "", err
	}
	root = filepath.Join(tmp, s.name+suffix)
	return s, src, root, copyTree(src, root)
}

// annotatedCopy writes the spec's module, annotated, to dst.
func annotatedCopy(specPath, tmp, dst string) error {
	s, err := readSpec(specPath)
	if err != nil {
		return err
	}
	src, err := download(tmp, s.module, s.version)
	if err != nil {
		return err
	}
	if err := copyTree(src, dst); err != nil {
		return err
	}
	_, err = annotate(dst, s.module, s.entries)
	return err
}

func printResult(r *result, out string, took time.Duration) {
	s := r.spec
	correct, wrong, unjudged := tally(r.vet, r.verdicts)
	fmt.Printf("== %s %s: %d directives in %d doc comments, %d findings (%d in tests; %d true, %d false, %d not judged), standalone -test=false %d; %.1fs; wrote %s\n",
		s.module, s.version, len(s.entries), r.inserted, len(r.vet), countTests(r.vet), correct, wrong, unjudged, len(r.standalone), took.Seconds(), out)
	for _, f := range r.vet {
		fmt.Printf("%s: %s\n", f.posn(), f.message)
	}
}

func printSuggestResult(r *suggestResult, out string, took time.Duration) {
	correct, wrong, unjudged := tally(r.vet, r.verdicts)
	fmt.Printf("== %s %s from zero annotations: %d proposals, then %d findings (%d in tests; %d true, %d false, %d not judged); %.1fs; wrote %s\n",
		r.spec.module, r.spec.version, len(r.proposals), len(r.vet), countTests(r.vet), correct, wrong, unjudged, took.Seconds(), out)
	for _, f := range r.vet {
		fmt.Printf("%s: %s\n", f.posn(), f.message)
	}
	for _, v := range staleVerdicts(r.vet, r.verdicts) {
		fmt.Printf("warning: %s.suggest.verdicts: %s: no finding here (fixed, or moved): %s\n", r.spec.name, v.posn, v.reason)
	}
}
