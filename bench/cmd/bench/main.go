// Command bench measures confinecheck's wall time and peak RSS against the
// floors any go/analysis tool pays, on the pinned targets and the annotated
// workloads, and prints a table of medians and ratios. Run it from bench/
// (see README.md):
//
//	go run ./cmd/bench                        # all targets, 5 alternating runs
//	go run ./cmd/bench -targets raft -runs 3  # a quick look
//
// Standalone, each target is checked by three singlechecker binaries built
// from the same golang.org/x/tools: typesfloor (loads and type-checks every
// package, then does nothing: the floor), ssafloor (requires buildssa: the
// SSA floor) and confinecheck. Under go vet, confinecheck as -vettool is
// compared with typesfloor as -vettool (the vet floor) and with the stock
// go vet. Runs alternate between the tools, in rotating order (the SSA
// floor last), after one untimed warm-up run of each; every go vet run
// passes a fresh no-op flag value so that go vet's result cache never
// answers.
//
// Wall time and peak RSS come from /usr/bin/time -v. Under go vet, the
// peak RSS is that of the largest single process (go vet runs one tool
// process per package, up to GOMAXPROCS at once), not of the whole tree.
package main

import (
	"bufio"
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
	"strconv"
	"strings"
	"time"

	"github.com/confinecheck/confinecheck/bench/gen"
	"github.com/confinecheck/confinecheck/bench/internal/cli"
)

var (
	targetsFlag = flag.String("targets", "raft,etcd,etcdraft,grpc,runtime,annotated", "comma-separated targets: raft, grpc, etcd (bench/targets), etcdraft (etcd with its raft module annotated as realcode/raft.spec says), runtime (the repository's ./runtime/...), annotated (generated)")
	runs        = flag.Int("runs", 5, "timed runs per tool and target (0: print the targets' sizes only)")
	vet         = flag.Bool("vet", true, "also measure under go vet")
	annotatedN  = flag.Int("annotated", 300, "packages in the generated annotated module")
	keep        = flag.String("bin", "", "directory for the built binaries (default: a temporary one)")
)

// A target is a set of packages checked from a directory.
type target struct {
	name string
	dir  string
	pkgs []string
}

// A tool is one command measured on a target.
type tool struct {
	name  string
	floor string // name of the tool it is compared with
	heavy bool   // leaves gigabytes behind: runs last in each run (see runOrder)
	cmd   func(t target, run int) []string
}

type sample struct {
	wall time.Duration
	rss  int64 // KiB
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	flag.Parse()

	benchDir := cli.BenchDir()
	repo := filepath.Dir(benchDir)

	var err error
	bin := *keep
	if bin == "" {
		bin, err = os.MkdirTemp("", "confinecheck-bench-")
		cli.Check(err)
		defer os.RemoveAll(bin)
	}
	bin, err = filepath.Abs(bin)
	cli.Check(err)
	tools := buildTools(benchDir, repo, bin)
	targets := selectTargets(benchDir, repo, bin)

	fmt.Printf("%s, GOMAXPROCS=%s, %d runs\n\n", goVersion(), orDefault(os.Getenv("GOMAXPROCS"), strconv.Itoa(nproc())), *runs)
	fmt.Println("| target | packages | lines | tool | wall (min) | wall (median) | peak RSS (median) | time ratio (min) | time ratio (median) | RSS ratio |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, t := range targets {
		npkgs, lines := size(t)
		if *runs == 0 {
			fmt.Printf("| %s | %d | %d | | | | | | | |\n", t.name, npkgs, lines)
			continue
		}
		log.Printf("%s: %d packages, %d lines; warming up (load average %s)", t.name, npkgs, lines, loadavg())
		samples := sampleTools(t, tools)
		log.Printf("%s: done (load average %s)", t.name, loadavg())
		for _, tl := range tools {
			fmt.Println(row(t, npkgs, lines, tl, samples))
		}
	}
}

// buildTools builds the standalone tools into bin and returns the tools
// measured: those, and with -vet the same under go vet.
func buildTools(benchDir, repo, bin string) []tool {
	log.Printf("building tools into %s", bin)
	cli.Run(benchDir, "go", "build", "-o", bin+"/", "./cmd/typesfloor", "./cmd/ssafloor")
	cli.Run(repo, "go", "build", "-o", bin+"/", "./cmd/confinecheck")
	confine := filepath.Join(bin, "confinecheck")
	typesfloor := filepath.Join(bin, "typesfloor")
	ssafloor := filepath.Join(bin, "ssafloor")

	tools := []tool{
		{name: "typesfloor", cmd: func(t target, _ int) []string { return append([]string{typesfloor}, t.pkgs...) }},
		{name: "ssafloor", floor: "typesfloor", heavy: true, cmd: func(t target, _ int) []string { return append([]string{ssafloor}, t.pkgs...) }},
		{name: "confinecheck", floor: "typesfloor", cmd: func(t target, _ int) []string { return append([]string{confine}, t.pkgs...) }},
	}
	if *vet {
		tools = append(tools, vetTools(typesfloor, confine)...)
	}
	return tools
}

// vetTools are go vet with typesfloor as -vettool (the vet floor), the
// stock go vet, and go vet with confine as -vettool. Each run passes a
// flag value of its own, so that go vet's result cache never answers.
func vetTools(typesfloor, confine string) []tool {
	nonce := func(run int) string { return fmt.Sprintf("n%d%d", time.Now().UnixNano(), run) }
	return []tool{
		{name: "vet floor", cmd: func(t target, r int) []string {
			return append([]string{"go", "vet", "-vettool=" + typesfloor, "-nonce=" + nonce(r)}, t.pkgs...)
		}},
		{name: "vet stock", floor: "vet floor", cmd: func(t target, r int) []string {
			// -printf.funcs names a print wrapper that does not exist.
			return append([]string{"go", "vet", "-printf.funcs=" + nonce(r)}, t.pkgs...)
		}},
		{name: "vet confinecheck", floor: "vet floor", cmd: func(t target, r int) []string {
			// -async names a function that does not exist. (Under go vet a
			// singlechecker's flags keep their plain names.)
			return append([]string{"go", "vet", "-vettool=" + confine, "-async=bench.invalid/nonce.F" + nonce(r)}, t.pkgs...)
		}},
	}
}

// selectTargets resolves the -targets flag; the targets it writes (the
// annotated etcd and the generated module) go under bin.
func selectTargets(benchDir, repo, bin string) []target {
	var targets []target
	for name := range strings.SplitSeq(*targetsFlag, ",") {
		switch name {
		case "raft", "grpc", "etcd":
			dir, pkgs := cli.Target(benchDir, name)
			targets = append(targets, target{name: name, dir: dir, pkgs: pkgs})
		case "etcdraft":
			dir, pkgs := etcdWithAnnotatedRaft(benchDir, filepath.Join(bin, "etcdraft"))
			targets = append(targets, target{name: name, dir: dir, pkgs: pkgs})
		case "runtime":
			targets = append(targets, target{name: "runtime", dir: repo, pkgs: []string{"./runtime/..."}})
		case "annotated":
			dir := filepath.Join(bin, "annotated")
			cli.Check(gen.Write(dir, gen.Options{Packages: *annotatedN, Funcs: 20, Fanout: 3}))
			targets = append(targets, target{name: fmt.Sprintf("annotated (%d)", *annotatedN), dir: dir, pkgs: []string{"./..."}})
		default:
			log.Fatalf("unknown target %q", name)
		}
	}
	return targets
}

// sampleTools runs each tool on t once untimed, then -runs times in
// runOrder, and returns the samples by tool name.
func sampleTools(t target, tools []tool) map[string][]sample {
	for _, tl := range tools {
		measure(t, tl, -1) // warm caches: go list, cgo, vet's compiled dependencies
	}
	samples := make(map[string][]sample)
	for r := range *runs {
		for _, tl := range runOrder(tools, r) {
			s := measure(t, tl, r)
			samples[tl.name] = append(samples[tl.name], s)
			log.Printf("%s run %d: %s %.2fs %d MiB", t.name, r, tl.name, s.wall.Seconds(), s.rss/1024)
		}
	}
	return samples
}

// row is the table row of tl on t: its samples' minimum and median, and
// their ratios to its floor's.
func row(t target, npkgs, lines int, tl tool, samples map[string][]sample) string {
	// Other work on the machine only ever slows a run down: the minimum
	// is the least disturbed, the median the typical one.
	m, lo := median(samples[tl.name]), minimum(samples[tl.name])
	trMin, trMed, rr := "", "", ""
	if tl.floor != "" {
		f, flo := median(samples[tl.floor]), minimum(samples[tl.floor])
		trMin = fmt.Sprintf("%.2fx", lo.wall.Seconds()/flo.wall.Seconds())
		trMed = fmt.Sprintf("%.2fx", m.wall.Seconds()/f.wall.Seconds())
		rr = fmt.Sprintf("%.2fx", float64(m.rss)/float64(f.rss))
	}
	return fmt.Sprintf("| %s | %d | %d | %s | %.2f s | %.2f s | %d MiB | %s | %s | %s |", t.name, npkgs, lines, tl.name, lo.wall.Seconds(), m.wall.Seconds(), m.rss/1024, trMin, trMed, rr)
}

// measure runs one tool once under /usr/bin/time -v. Findings (exit 3 from
// confinecheck, 1 from go vet) are fine; a crash is not.
func measure(t target, tl tool, run int) sample {
	timeOut, err := os.CreateTemp("", "bench-time-")
	cli.Check(err)
	timeOut.Close()
	defer os.Remove(timeOut.Name())
	argv := tl.cmd(t, run)
	cmd := exec.Command("/usr/bin/time", append([]string{"-v", "-o", timeOut.Name()}, argv...)...)
	cmd.Dir = t.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &out
	err = cmd.Run()
	if bytes.Contains(out.Bytes(), []byte("panic:")) || bytes.Contains(out.Bytes(), []byte("internal error")) {
		log.Fatalf("%s on %s crashed:\n%s", tl.name, t.name, cli.Tail(out.String()))
	}
	// Findings: confinecheck exits 3 standalone, go vet exits 1.
	allowed := []int{3}
	if argv[0] == "go" {
		allowed = []int{1}
	}
	if ee, ok := err.(*exec.ExitError); err != nil && !(ok && slices.Contains(allowed, ee.ExitCode())) {
		log.Fatalf("%s on %s: %v\n%s", tl.name, t.name, err, cli.Tail(out.String()))
	}
	data, err := os.ReadFile(timeOut.Name())
	cli.Check(err)
	var s sample
	for line := range strings.SplitSeq(string(data), "\n") {
		line = strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(line, "Elapsed (wall clock) time (h:mm:ss or m:ss): "); ok {
			s.wall = parseClock(v)
		}
		if v, ok := strings.CutPrefix(line, "Maximum resident set size (kbytes): "); ok {
			s.rss, _ = strconv.ParseInt(v, 10, 64)
		}
	}
	if s.wall == 0 || s.rss == 0 {
		log.Fatalf("cannot read /usr/bin/time output:\n%s", data)
	}
	return s
}

// parseClock reads h:mm:ss or m:ss.ss.
func parseClock(v string) time.Duration {
	var secs float64
	for part := range strings.SplitSeq(v, ":") {
		f, err := strconv.ParseFloat(part, 64)
		cli.Check(err)
		secs = secs*60 + f
	}
	return time.Duration(secs * float64(time.Second))
}

func minimum(ss []sample) sample {
	out := ss[0]
	for _, s := range ss[1:] {
		out.wall, out.rss = min(out.wall, s.wall), min(out.rss, s.rss)
	}
	return out
}

func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(data))[:3], " ")
}

func median(ss []sample) sample {
	walls := make([]time.Duration, len(ss))
	rsss := make([]int64, len(ss))
	for i, s := range ss {
		walls[i], rsss[i] = s.wall, s.rss
	}
	slices.Sort(walls)
	slices.Sort(rsss)
	return sample{wall: walls[len(walls)/2], rss: rsss[len(rsss)/2]}
}

// size counts the packages a standalone run loads (tests included) and
// their lines of Go, generated cgo files left out.
func size(t target) (pkgs, lines int) {
	cmd := exec.Command("go", append([]string{"list", "-deps", "-test", "-json=Dir,GoFiles,CgoFiles"}, t.pkgs...)...)
	cmd.Dir = t.dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	cli.Check(err)
	dec := json.NewDecoder(bytes.NewReader(out))
	seen := make(map[string]bool)
	for {
		var p struct {
			Dir                                          string
			GoFiles, CgoFiles, TestGoFiles, XTestGoFiles []string
			ForTest                                      string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else {
			cli.Check(err)
		}
		pkgs++
		// A test variant's GoFiles include its _test.go files.
		for _, f := range slices.Concat(p.GoFiles, p.CgoFiles) {
			if filepath.IsAbs(f) {
				continue // generated into the build cache
			}
			path := filepath.Join(p.Dir, f)
			if seen[path] {
				continue // a test variant repeats its package's files
			}
			seen[path] = true
			lines += countLines(path)
		}
	}
	return pkgs, lines
}

func countLines(path string) int {
	f, err := os.Open(path)
	cli.Check(err)
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		n++
	}
	cli.Check(sc.Err())
	return n
}

func goVersion() string {
	out := cli.Run(".", "go", "version")
	return strings.TrimSpace(string(out))
}

func nproc() int {
	out, err := exec.Command("nproc").Output()
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(out)))
	return n
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// etcdWithAnnotatedRaft writes to dir the etcd target with its dependency
// go.etcd.io/raft/v3 replaced by a copy annotated as realcode/raft.spec
// says (an owner and a loop): a large program where a dependency carries
// directives, most of whose packages do not use what they speak of.
func etcdWithAnnotatedRaft(benchDir, dir string) (string, []string) {
	etcd, pkgs := cli.Target(benchDir, "etcd")
	cli.Check(os.MkdirAll(dir, 0o755))
	for _, name := range []string{"go.mod", "go.sum", "packages.txt"} {
		data, err := os.ReadFile(filepath.Join(etcd, name))
		cli.Check(err)
		if name == "go.mod" {
			data = append(data, "\nreplace go.etcd.io/raft/v3 => ./raft\n"...)
		}
		cli.Check(os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	cli.Run(benchDir, "go", "run", "./cmd/realcheck", "-targets", "raft", "-annotate", filepath.Join(dir, "raft"))
	return dir, pkgs
}

// runOrder returns the tools in the order of run r: the others rotated by
// r, then the heavy ones. The run after the SSA floor starts while the
// machine reclaims its gigabytes; in a plain rotation one tool would always
// come right after it and pay for that, now each of the others does once
// in len(tools)-1 runs (the first of the next run).
func runOrder(tools []tool, r int) []tool {
	var light, heavy []tool
	for _, tl := range tools {
		if tl.heavy {
			heavy = append(heavy, tl)
		} else {
			light = append(light, tl)
		}
	}
	out := make([]tool, 0, len(tools))
	for k := range light {
		out = append(out, light[(k+r)%len(light)])
	}
	return append(out, heavy...)
}
