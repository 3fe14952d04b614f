// Package gen writes an annotated Go module of many packages: the workload
// that keeps confinecheck's cheap path for unannotated code from hiding a
// slow annotated one. Every package declares confined state and reaches the
// confined state of the packages it imports, through owner calls, timers
// that hop back through a mailbox, inferred async sinks, future
// continuations, interface calls and generic helpers; every tenth package
// also carries one real bug (a timer callback that touches confined state
// off the owner), so the expected finding count is known.
package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
)

// Module is the generated module's path.
const Module = "gen.example/annotated"

// Options says how much to generate.
type Options struct {
	Packages int // leaf packages p000, p001, ...
	Funcs    int // plain (unannotated) helper funcs per package
	Fanout   int // how many earlier packages each package imports
}

// Expected returns how many findings confinecheck should report on a module
// written with o: one per buggy package (every tenth).
func (o Options) Expected() int { return (o.Packages + 9) / 10 }

// Write generates the module into dir, which it creates.
func Write(dir string, o Options) error {
	files := map[string]string{
		"go.mod":             "module " + Module + "\n\ngo 1.26.0\n",
		"actor/actor.go":     actorSrc,
		"future/future.go":   futureSrc,
		"internal/x/util.go": utilSrc,
	}
	for i := range o.Packages {
		files[fmt.Sprintf("p%03d/p%03d.go", i, i)] = pkgSrc(i, o)
	}
	files["cmd/app/main.go"] = mainSrc(o)
	for name, src := range files {
		out := []byte(src)
		if filepath.Ext(name) == ".go" {
			var err error
			if out, err = format.Source(out); err != nil {
				return fmt.Errorf("%s: %v\n%s", name, err, src)
			}
		}
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// deps returns the earlier packages package i imports.
func deps(i int, o Options) []int {
	var out []int
	for k := 1; k <= o.Fanout && i-k*k >= 0; k++ {
		out = append(out, i-k*k) // i-1, i-4, i-9: a deep, wide DAG
	}
	return out
}

func pkgSrc(i int, o Options) string {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	ds := deps(i, o)
	pkgHeader(p, i, ds)
	stateDecl(p, ds)
	ownerMethods(p, ds)
	findingFreeUses(p)
	if i%10 == 0 {
		p("// Retry is the seeded bug: the timer's callback runs off the owner.")
		p("func (s *State) Retry(k string) {")
		p("time.AfterFunc(time.Second, func() {")
		p("s.Add(k)")
		p("})")
		p("}")
	}
	for f := range o.Funcs {
		plainFunc(p, i, f, o)
	}
	return b.String()
}

// pkgHeader writes package i's clause and imports: the module's shared
// packages, and the earlier packages ds.
func pkgHeader(p func(string, ...any), i int, ds []int) {
	p("// Package p%03d is generated: an annotated actor with its helpers.", i)
	p("package p%03d", i)
	p("import (")
	p(`"strings"`)
	p(`"time"`)
	p(`"%s/actor"`, Module)
	p(`"%s/future"`, Module)
	p(`"%s/internal/x"`, Module)
	for _, d := range ds {
		p(`"%s/p%03d"`, Module, d)
	}
	p(")")
}

// stateDecl writes the confined State, which holds the State of each
// package in ds, and its constructor.
func stateDecl(p func(string, ...any), ds []int) {
	p("// State is confined to the actor that owns it.")
	p("//")
	p("//confined:owner")
	p("type State struct {")
	p("// ref and name are set once, before the actor starts.")
	p("//")
	p("//confined:any")
	p("ref *actor.Ref")
	p("count int")
	p("items map[string]int")
	p("log []string")
	p("//confined:any")
	p("name string")
	for _, d := range ds {
		p("d%03d *p%03d.State", d, d)
	}
	p("}")
	p("func New(ref *actor.Ref, name string) *State {")
	p("s := &State{ref: ref, name: name, items: make(map[string]int)}")
	for _, d := range ds {
		p("s.d%03d = p%03d.New(ref, name+%q)", d, d, fmt.Sprintf("/%03d", d))
	}
	p("return s")
	p("}")
}

// ownerMethods writes Add, which runs on the owner and reaches the State
// of the packages in ds, and Name, which any goroutine may call.
func ownerMethods(p func(string, ...any), ds []int) {
	p("// Add runs on the owner and reaches the dependencies' state.")
	p("func (s *State) Add(k string) int {")
	p("s.count++")
	p("s.items[k]++")
	p("s.log = append(s.log, k)")
	for _, d := range ds {
		p("s.d%03d.Add(k + %q)", d, "x")
	}
	p("return s.count")
	p("}")
	p("//confined:any")
	p("func (s *State) Name() string { return s.name }")
}

// findingFreeUses writes the other uses of State, none of them a finding:
// a timer that hops back, an inferred async sink that touches only :any
// state, a future continuation that hops home, calls through an
// interface, and a copy of its state handed to another goroutine.
func findingFreeUses(p func(string, ...any)) {
	p("// Schedule retries on a timer and hops back to the owner: no finding.")
	p("func (s *State) Schedule(k string) {")
	p("time.AfterFunc(time.Millisecond, func() {")
	p("s.ref.Execute(func() { s.Add(k) })")
	p("})")
	p("}")
	p("// Background runs a helper off the owner through an inferred sink; it")
	p("// touches only what any goroutine may.")
	p("func (s *State) Background() {")
	p("x.Go(func() { _ = strings.ToUpper(s.Name()) })")
	p("}")
	p("// Later continues a future that completes on a timer, and hops home.")
	p("func (s *State) Later(k string) *future.Future[int] {")
	p("return future.Sleep(time.Millisecond).FlatMap(func(struct{}) *future.Future[int] {")
	p("return actor.Hop(s.ref, func() *future.Future[int] { return future.Done(s.Add(k)) })")
	p("})")
	p("}")
	p("// Adder is implemented by State; calls through it reach confined state.")
	p("type Adder interface{ Add(string) int }")
	p("var _ Adder = (*State)(nil)")
	p("func Feed(a Adder, ks []string) (n int) {")
	p("for _, k := range ks { n += a.Add(k) }")
	p("return n")
	p("}")
	p("// Snapshot hands a copy to another goroutine: owned by nobody else.")
	p("func (s *State) Snapshot(out chan<- map[string]int) {")
	p("m := make(map[string]int, len(s.items))")
	p("for k, v := range s.items { m[k] = v }")
	p("go func() { out <- m }()")
	p("}")
}

// plainFunc writes unannotated code of the usual kind: string and slice work,
// generic helpers, calls between helpers.
func plainFunc(p func(string, ...any), i, f int, o Options) {
	p("func helper%d(xs []string, n int) (string, int) {", f)
	p("var b strings.Builder")
	p("total := 0")
	p("for j, s := range xs {")
	p("if j%%%d == 0 { continue }", f%5+2)
	p("b.WriteString(strings.TrimSpace(s))")
	p("total += len(s) * n")
	p("}")
	p("total += x.Sum([]int{n, %d, %d})", i, f)
	if f > 0 {
		p("s, m := helper%d(xs[:len(xs)/2], n+1)", f-1)
		p("return b.String() + s, total + m")
	} else {
		p("return b.String(), total")
	}
	p("}")
}

func mainSrc(o Options) string {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	last := o.Packages - 1
	p("// Command app starts the actor of the last package.")
	p("package main")
	p("import (")
	p(`"%s/actor"`, Module)
	p(`"%s/p%03d"`, Module, last)
	p(")")
	p("func main() {")
	p("ref := actor.NewRef()")
	p("s := p%03d.New(ref, \"app\")", last)
	p("ref.Execute(func() { s.Add(\"k\"); s.Schedule(\"k\"); s.Later(\"k\"); s.Background() })")
	p("ref.Run()")
	p("}")
	return b.String()
}

const actorSrc = `// Package actor is a mailbox actor.
package actor

import "` + Module + `/future"

// Ref is an actor's mailbox.
type Ref struct{ mailbox chan func() }

// NewRef returns a mailbox.
func NewRef() *Ref { return &Ref{mailbox: make(chan func(), 64)} }

// Run is the owner's loop.
//
//confined:loop
func (r *Ref) Run() {
	for fn := range r.mailbox {
		fn()
	}
}

// Execute runs fn in a mailbox turn.
//
//confined:hop
func (r *Ref) Execute(fn func()) { r.mailbox <- fn }

// Hop runs fn in a mailbox turn and completes with fn's future there.
//
//confined:hop
func Hop[T any](r *Ref, fn func() *future.Future[T]) *future.Future[T] {
	out := future.New[T]()
	r.Execute(func() { fn().OnComplete(out.Complete) })
	return out
}
`

const futureSrc = `// Package future is a small future library: callbacks run on the goroutine
// that completes the future.
package future

import (
	"sync"
	"time"
)

// Future is a value that completes later.
type Future[T any] struct {
	mu        sync.Mutex
	done      bool
	value     T
	callbacks []func(T)
}

// New returns an incomplete future.
func New[T any]() *Future[T] { return &Future[T]{} }

// Done returns a completed future.
//
//confined:completes owner
func Done[T any](v T) *Future[T] {
	f := New[T]()
	f.Complete(v)
	return f
}

// Complete completes f and runs its callbacks.
func (f *Future[T]) Complete(v T) {
	f.mu.Lock()
	f.done, f.value = true, v
	cbs := f.callbacks
	f.mu.Unlock()
	for _, cb := range cbs {
		cb(v)
	}
}

// OnComplete runs cb where f completes.
//
//confined:inherit
func (f *Future[T]) OnComplete(cb func(T)) {
	f.mu.Lock()
	if !f.done {
		f.callbacks = append(f.callbacks, cb)
		f.mu.Unlock()
		return
	}
	v := f.value
	f.mu.Unlock()
	cb(v)
}

// FlatMap chains fn's future.
//
//confined:inherit
func (f *Future[T]) FlatMap(fn func(T) *Future[int]) *Future[int] {
	out := New[int]()
	f.OnComplete(func(v T) { fn(v).OnComplete(out.Complete) })
	return out
}

// Sleep completes on the timer's goroutine.
//
//confined:completes async
func Sleep(d time.Duration) *Future[struct{}] {
	f := New[struct{}]()
	time.AfterFunc(d, func() { f.Complete(struct{}{}) })
	return f
}
`

const utilSrc = `// Package x holds unannotated helpers.
package x

// Go runs f on a new goroutine: callers' func arguments run off the owner.
func Go(f func()) { go f() }

// Sum adds numbers.
func Sum[T int | int64 | float64](xs []T) T {
	var t T
	for _, x := range xs {
		t += x
	}
	return t
}
`
