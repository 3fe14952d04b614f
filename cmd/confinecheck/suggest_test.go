package main_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// directiveLine matches a directive line -suggest may propose, as the
// runtime writes them (not ignores, not declarations, not prose).
var directiveLine = regexp.MustCompile(`^\s*//confined:(owner|any|loop|hop|async|inherit|completes)\b`)

// An annotation is one directive verb on the declaration line after it.
type annotation struct {
	file, verb, decl string
}

// annotations lists the directives of src, each with the first line of the
// declaration it precedes.
func annotations(file, src string) []annotation {
	var out, pending []annotation
	for _, line := range strings.Split(src, "\n") {
		if m := directiveLine.FindStringSubmatch(line); m != nil {
			pending = append(pending, annotation{file: file, verb: m[1]})
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(line), "//") || len(pending) == 0 {
			continue
		}
		for _, a := range pending {
			a.decl = strings.TrimSpace(line)
			out = append(out, a)
		}
		pending = nil
	}
	return out
}

// strippedRuntime reads the runtime and the buggy coordinator example,
// without test files, as a module of the same path, with every directive
// removed; it also returns the annotations removed.
func strippedRuntime(t *testing.T) (map[string]string, []annotation) {
	files := map[string]string{"go.mod": "module github.com/confinecheck/confinecheck\n\ngo 1.26\n"}
	var removed []annotation
	for _, dir := range []string{"runtime", "examples/buggycoordinator"} {
		err := filepath.WalkDir(filepath.Join("..", "..", dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			name := filepath.ToSlash(strings.TrimPrefix(path, filepath.Join("..", "..")+string(filepath.Separator)))
			removed = append(removed, annotations(name, string(src))...)
			var kept []string
			for _, line := range strings.Split(string(src), "\n") {
				if !regexp.MustCompile(`^\s*// ?confined(:\S+.*)?$`).MatchString(line) {
					kept = append(kept, line)
				}
			}
			files[name] = strings.Join(kept, "\n")
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files, removed
}

// TestSuggestRecoversTheRuntime strips the runtime's directives, lets
// -suggest -fix put back what it can, and runs the plain check: the seeded
// bugs of examples/buggycoordinator are found again. It logs which of the
// hand-written directives came back, which did not and which are new.
func TestSuggestRecoversTheRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	files, removed := strippedRuntime(t)
	c := setupModule(t, files)
	if res := c.run(t, c.binary, "./examples/buggycoordinator"); res.code != 0 {
		t.Fatalf("the stripped example should be silent\n%s", res)
	}

	res := c.run(t, c.binary, "-suggest", "./...")
	res.requireExit(t, exitFindings)
	requireContains(t, res.stderr, "runtime/actor/actor.go:54:15: suggest for (*actor.Ref).loop: //confined:loop: a goroutine runs it")

	res = c.run(t, c.binary, "-suggest", "-fix", "./...")
	res.requireExit(t, 0)

	var added []annotation
	for name := range files {
		src, err := os.ReadFile(filepath.Join(c.module, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		added = append(added, annotations(name, string(src))...)
	}
	var recovered, missing, extra []string
	for _, a := range removed {
		if slices.Contains(added, a) {
			recovered = append(recovered, a.verb+" "+a.decl)
		} else {
			missing = append(missing, a.file+": "+a.verb+" "+a.decl)
		}
	}
	for _, a := range added {
		if !slices.Contains(removed, a) {
			extra = append(extra, a.file+": "+a.verb+" "+a.decl)
		}
	}
	slices.Sort(missing)
	slices.Sort(extra)
	t.Logf("of %d hand-written directives, -suggest recovered %d; missing %d:\n\t%s\nextra %d:\n\t%s",
		len(removed), len(recovered), len(missing), strings.Join(missing, "\n\t"), len(extra), strings.Join(extra, "\n\t"))
	for _, want := range []string{"loop func (r *Ref) loop(receive func(msg any)) {", "hop func (r *Ref) Execute(fn func()) { r.post(envelope{fn: fn}) }",
		"owner type Client struct {", "owner type WorkerExecution struct {", "inherit func (f *Future[T]) OnComplete(fn func(T, error)) {"} {
		if !slices.Contains(recovered, want) {
			t.Errorf("not recovered: %s", want)
		}
	}
	// Regressions show here first: the counts docs/adopting.md reports.
	if len(missing) > 17 || len(extra) > 1 {
		t.Errorf("%d hand-written directives missing and %d extra, want at most 17 and 1", len(missing), len(extra))
	}

	// Both races of the example: the retry on the timer's goroutine (the
	// motivating bug) and the stop's callback on the worker's.
	res = c.run(t, c.binary, "./examples/buggycoordinator")
	res.requireExit(t, exitFindings)
	requireContains(t, res.stderr, "calls confined (*rpc.Client).EndWorker off the owner: this code runs via a callback of (*future.Future[T]).FlatMap on a future that completes off the owner")
	requireContains(t, res.stderr, "calls confined (*execution.WorkerExecution).SetState off the owner: this code runs via a callback of (*future.Future[T]).OnComplete on a future that completes off the owner")
}

// nestedModule is a module with a library module inside its tree (btcd and
// its wire module): the app's loop and a timer both write the library's
// counter, so -suggest proposes it owned, but never edits the library,
// another module's files.
var nestedModule = map[string]string{
	"go.mod":      "module example.com/app\n\ngo 1.26\n\nrequire example.com/app/wire v0.0.0\n\nreplace example.com/app/wire => ./wire\n",
	"wire/go.mod": "module example.com/app/wire\n\ngo 1.26\n",
	"wire/wire.go": `package wire

// Stats counts messages.
type Stats struct{ Sent int }
`,
	"app/app.go": `package app

import (
	"time"

	"example.com/app/wire"
)

// Node runs a loop over its inbox.
type Node struct {
	inbox chan func()
	stats *wire.Stats
	sent  int
}

func (n *Node) run() {
	for f := range n.inbox {
		f()
		n.stats.Sent++
		n.sent++
	}
}

// Start starts the loop and a timer that writes the same counters.
func Start() *Node {
	n := &Node{inbox: make(chan func()), stats: &wire.Stats{}}
	go n.run()
	time.AfterFunc(time.Second, func() {
		n.stats.Sent = 0
		n.sent = 0
	})
	return n
}
`,
}

// TestSuggestEditsOnlyTheMainModule runs -suggest -fix on a module with a
// nested module: the proposals for the nested module's types are advice,
// and its files stay as they were.
func TestSuggestEditsOnlyTheMainModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setupModule(t, nestedModule)
	res := c.run(t, c.binary, "-suggest", "./...")
	requireContains(t, res.stderr, "in another module: declare it in confinecheck.conf")
	c.run(t, c.binary, "-suggest", "-fix", "./...")
	got, err := os.ReadFile(filepath.Join(c.module, "wire", "wire.go"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != nestedModule["wire/wire.go"] {
		t.Errorf("-suggest -fix edited the nested module's file:\n%s", got)
	}
	app, err := os.ReadFile(filepath.Join(c.module, "app", "app.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(app), "//confined:") {
		t.Errorf("-suggest -fix wrote no directive into the main module:\n%s", app)
	}
}

// withTestsModule keeps a callback in a queue that only a test calls on a
// goroutine of its own: the test variant of the package takes Push for an
// async sink, the package alone does not.
var withTestsModule = map[string]string{
	"go.mod": "module example.com/q\n\ngo 1.26\n",
	"q/q.go": `package q

type entry struct{ done func() }

// Sorter keeps frames with the callbacks to call once they are read.
type Sorter struct{ queue []entry }

func (s *Sorter) Push(done func()) { s.queue = append(s.queue, entry{done: done}) }

func (s *Sorter) Pop() func() {
	e := s.queue[0]
	s.queue = s.queue[1:]
	return e.done
}
`,
	"q/q_test.go": `package q

import "testing"

func TestPop(t *testing.T) {
	s := &Sorter{}
	s.Push(func() {})
	go s.queue[0].done()
}
`,
}

// TestSuggestSameWithTests checks that -suggest proposes the same for the
// production code whether test files are loaded or not: the package, not
// its test variant, decides those.
func TestSuggestSameWithTests(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setupModule(t, withTestsModule)
	with := c.run(t, c.binary, "-suggest", "./...")
	without := c.run(t, c.binary, "-suggest", "-test=false", "./...")
	if with.stderr != without.stderr {
		t.Errorf("-suggest proposes differently with test files:\nwith:\n%s\nwithout:\n%s", with.stderr, without.stderr)
	}
}

// helperCacheModule keeps caches in a helper package of the app: a UI
// toolkit's handlers (run on its loop through a declared hop) start a
// goroutine filling one and read it through that package's method, so it
// is the loop's (not because another goroutine fills a cache it made
// for itself); a cache with a mutex, and a tally two goroutines bump but
// nothing of the app reads, get nothing from the app's package.
var helperCacheModule = map[string]string{
	"go.mod": "module example.com/gallery\n\ngo 1.26\n",
	"cache/cache.go": `// Package cache holds caches with no owner of their own.
package cache

import "sync"

// Thumbs is unlocked: whoever fills it must own it.
type Thumbs struct {
	byName map[string][]byte
}

func NewThumbs() *Thumbs { return &Thumbs{byName: map[string][]byte{}} }

func (c *Thumbs) Prefetch(names []string) {
	for _, n := range names {
		c.byName[n] = []byte(n)
	}
}

func (c *Thumbs) Has(name string) bool {
	_, ok := c.byName[name]
	return ok
}

// Tally counts what it is told; nothing of the app reads it back.
type Tally struct{ n int }

func (t *Tally) Bump() { t.n++ }

// Guarded has a mutex: what it guards is for this package to say.
type Guarded struct {
	mu     sync.Mutex
	byName map[string][]byte
}

func NewGuarded() *Guarded { return &Guarded{byName: map[string][]byte{}} }

func (c *Guarded) Prefetch(names []string) {
	for _, n := range names {
		c.mu.Lock()
		c.byName[n] = []byte(n)
		c.mu.Unlock()
	}
}

// Put is unlocked: a bug of this package's, or a method for its owner.
func (c *Guarded) Put(name string) { c.byName[name] = nil }

func (c *Guarded) Count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.byName)
}
`,
	"app/app.go": `package app

import "example.com/gallery/cache"

// UI stands in for a toolkit's application, whose loop runs what OnTap
// is handed.
type UI struct{ taps chan func() }

func (u *UI) OnTap(f func()) { u.taps <- f }

//confined:declare hop example.com/gallery/app.(*UI).OnTap:f

type gallery struct {
	ui      *UI
	thumbs  *cache.Thumbs
	guarded *cache.Guarded
	tally   *cache.Tally
	names   []string
	status  string
}

func (g *gallery) wire() {
	g.ui.OnTap(func() {
		go g.thumbs.Prefetch(g.names)
		go g.guarded.Prefetch(g.names)
		go g.guarded.Put("a")
		go g.tally.Bump()
		go g.tally.Bump()
		go func() {
			own := cache.NewThumbs()
			own.Prefetch(g.names)
		}()
	})
	g.ui.OnTap(g.refresh)
}

func (g *gallery) refresh() {
	g.status = "-"
	if g.thumbs.Has("a") {
		g.status = "cached"
	}
	if g.guarded.Count() > 0 {
		g.status += "+"
	}
}
`,
}

// TestSuggestOwnsHelperPackagesType checks that -suggest proposes a type
// of another package of the module owned when the loop reads it through
// that package's methods and a goroutine writes it, and that the check
// then reports the goroutine's write; a type with a mutex gets nothing.
func TestSuggestOwnsHelperPackagesType(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setupModule(t, helperCacheModule)
	res := c.run(t, c.binary, "-suggest", "./...")
	requireContains(t, res.stderr, "suggest for cache.Thumbs: //confined:owner")
	if strings.Contains(res.stderr, "suggest for cache.Guarded") {
		t.Errorf("-suggest proposed the guarded cache, whose mutex only its package can speak for:\n%s", res.stderr)
	}
	if strings.Contains(res.stderr, "suggest for cache.Tally") {
		t.Errorf("-suggest proposed a tally of another package that only goroutines write, and no loop reads:\n%s", res.stderr)
	}
	c.run(t, c.binary, "-suggest", "-fix", "./...")
	check := c.run(t, c.binary, "./...")
	requireContains(t, check.stderr, "calls confined (*cache.Thumbs).Prefetch off the owner: this code runs via a go statement (app.go:25); inside, it writes cache.Thumbs.byName")
	if n := strings.Count(check.stderr, "off the owner:"); n != 1 {
		t.Errorf("want one finding (the prefetch goroutine's write), got %d:\n%s", n, check.stderr)
	}
}

// dotlessModule is an app whose module path has no dot, as tutorials and
// in-house modules often have: a desk an owner declaration confines (a
// turn's owner too), whose methods reading only its :any fields are safe,
// but one calling the app's own history package is not, whatever that
// package's path looks like.
var dotlessModule = map[string]string{
	"go.mod": "module turnapp\n\ngo 1.26\n",
	"actor/actor.go": `package actor

// An Actor's Receive runs one message at a time on its owner.
type Actor interface {
	//confined:loop
	Receive(msg any)
}
`,
	"history/history.go": `package history

type Log struct{ lines []string }

func (l *Log) Append(s string) { l.lines = append(l.lines, s) }

func (l *Log) Tail() []string { return append([]string(nil), l.lines...) }
`,
	"app/app.go": `package app

import (
	"turnapp/actor"
	"turnapp/history"
)

type desk struct {
	name string
	log  *history.Log
	n    int
}

func New(name string) actor.Actor { return &desk{name: name, log: &history.Log{}} }

func (d *desk) Receive(msg any) {
	d.n++
	d.log.Append("x")
	go func() { println(d.name, d.log) }()
}

func (d *desk) Name() string { return d.name }

func (d desk) Label() string { return d.name }

func (d *desk) Recent() []string { return d.log.Tail() }
`,
	"decls.txt": "owner turnapp/app.desk\n",
}

// TestSuggestSafeMethodsCallOnlyTheStandardLibrary checks that -suggest
// proposes :any on the methods of a type a declaration confines that read
// only its :any fields, by pointer or by value, and not on one calling a
// package of the main module, though the module's path has no dot: that
// package's type is proposed owned in the same run, and :any would hide
// the read.
func TestSuggestSafeMethodsCallOnlyTheStandardLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setupModule(t, dotlessModule)
	res := c.run(t, c.binary, "-suggest", "-declare", filepath.Join(c.module, "decls.txt"), "./...")
	requireContains(t, res.stderr, "suggest for (*app.desk).Name: //confined:any")
	requireContains(t, res.stderr, "suggest for (app.desk).Label: //confined:any")
	requireContains(t, res.stderr, "suggest for history.Log: //confined:owner")
	if strings.Contains(res.stderr, "suggest for (*app.desk).Recent") {
		t.Errorf("-suggest proposed :any on a method calling the module's own history package:\n%s", res.stderr)
	}
}
