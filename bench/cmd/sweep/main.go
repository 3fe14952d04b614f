// Command sweep runs confinecheck over every package of the pinned targets
// and of all their dependencies (the standard library included, so generics
// and cgo packages too) and fails on any crash, any analysis error and any
// finding: none of that code carries a directive, so a finding there is a
// false positive. Run it from bench/ (see README.md):
//
//	go run ./cmd/sweep                 # raft, grpc and etcd
//	go run ./cmd/sweep -targets raft   # what CI runs
//
// Per target it makes two runs: the module's own packages with their tests
// (the way a user runs it), then every other package they or their tests
// depend on, without tests, as roots, so that findings there are printed
// too.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/bench/internal/cli"
)

var (
	targetsFlag = flag.String("targets", "raft,grpc,etcd", "comma-separated targets under bench/targets")
	binFlag     = flag.String("bin", "", "confinecheck binary (default: build it from the repository)")
)

type listed struct {
	ImportPath string
	Standard   bool
	CgoFiles   []string
	ForTest    string
	Name       string
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("sweep: ")
	flag.Parse()

	benchDir := cli.BenchDir()
	bin := *binFlag
	if bin == "" {
		tmp, err := os.MkdirTemp("", "confinecheck-sweep-")
		cli.Check(err)
		defer os.RemoveAll(tmp)
		bin = filepath.Join(tmp, "confinecheck")
		build := exec.Command("go", "build", "-o", bin, "./cmd/confinecheck")
		build.Dir = filepath.Dir(benchDir)
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			log.Fatalf("building confinecheck: %v", err)
		}
	}
	bin, err := filepath.Abs(bin)
	cli.Check(err)

	failed := false
	for name := range strings.SplitSeq(*targetsFlag, ",") {
		if !sweep(bin, benchDir, name) {
			failed = true
		}
	}
	if failed {
		log.Fatal("FAIL")
	}
	fmt.Println("sweep: ok")
}

// sweep checks one target and reports whether it came out clean.
func sweep(bin, benchDir, name string) bool {
	dir, own := cli.Target(benchDir, name)

	// Everything the packages and their tests import.
	out := cli.Run(dir, append([]string{"go", "list", "-deps", "-test", "-json=ImportPath,Standard,CgoFiles,ForTest,Name"}, own...)...)
	dec := json.NewDecoder(bytes.NewReader(out))
	var deps []string
	seen := make(map[string]bool)
	var std, cgo int
	for _, p := range own {
		seen[p] = true
	}
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else {
			cli.Check(err)
		}
		if p.ForTest != "" || strings.HasSuffix(p.ImportPath, ".test") {
			continue // a test variant or a test main; its package is listed too
		}
		if seen[p.ImportPath] || p.ImportPath == "C" {
			continue
		}
		seen[p.ImportPath] = true
		deps = append(deps, p.ImportPath)
		if p.Standard {
			std++
		}
		if len(p.CgoFiles) > 0 {
			cgo++
		}
	}
	slices.Sort(deps)
	fmt.Printf("%s: %d own packages (with tests), %d dependencies (%d standard, %d with cgo)\n", name, len(own), len(deps), std, cgo)

	ok := check1(dir, name+" own", len(own), append([]string{bin, "-json"}, own...))
	ok = check1(dir, name+" deps", len(deps), append([]string{bin, "-json", "-test=false"}, deps...)) && ok
	return ok
}

// check1 runs confinecheck once and reports whether it exited cleanly with
// an empty result.
func check1(dir, what string, n int, argv []string) bool {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	ok := true
	if err != nil || stderr.Len() > 0 {
		// -json exits 0 with findings; anything else is a load error or a
		// crash (a panic exits 2).
		fmt.Printf("FAIL %s: %v\n%s\n", what, err, cli.Tail(stderr.String()))
		ok = false
	}
	// {"pkg": {"confinecheck": [diagnostics] or {"error": "..."}}}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(stdout.Bytes(), &tree); err != nil && stdout.Len() > 0 {
		fmt.Printf("FAIL %s: cannot read the JSON output: %v\n%s\n", what, err, cli.Tail(stdout.String()))
		return false
	}
	pkgs := make([]string, 0, len(tree))
	for pkg := range tree {
		pkgs = append(pkgs, pkg)
	}
	slices.Sort(pkgs)
	for _, pkg := range pkgs {
		for analyzer, res := range tree[pkg] {
			fmt.Printf("FAIL %s: %s: %s: %s\n", what, pkg, analyzer, cli.Tail(string(res)))
			ok = false
		}
	}
	if ok {
		fmt.Printf("ok   %s: %d packages, no crash, no finding\n", what, n)
	}
	return ok
}
