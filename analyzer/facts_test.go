package analyzer

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/summary"

	"golang.org/x/tools/go/analysis"
	analysischecker "golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"
)

// Facts travel between go vet (and nogo) processes gob-encoded, and build
// systems cache them by content: the facts the analyzer exports for a
// package must encode to the same bytes in every run, and must round-trip.
// The analyzer builds them from maps (directives per object, walks per
// function, implementations per interface method), so an order that leaks
// from map iteration into a fact shows up as bytes that differ between two
// runs.
//
// The packages are the chain suite's (a confined gateway reached through
// rpc from a future callback in region, over the actor and future packages),
// the interface suite's (raft's confined node behind its Node interface),
// and wide below, whose summaries have many entries: directives, summaries
// with touches and future touches, and interface summaries merged from
// several implementations, all crossing packages. They are type-checked in
// process, as in fuzz_test.go, so that a run takes a second, not a load of
// the standard library's syntax.
func TestFactsEncodeDeterministically(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with the go command")
	}
	first := exportedFacts(t)
	second := exportedFacts(t)

	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range first {
			if !yield(k) {
				return
			}
		}
	})
	if !slices.Equal(keys, slices.Sorted(func(yield func(string) bool) {
		for k := range second {
			if !yield(k) {
				return
			}
		}
	})) {
		t.Fatalf("the two runs export facts for different objects:\n%s\nthen\n%s", factKeys(first), factKeys(second))
	}
	for _, k := range keys {
		a, b := first[k], second[k]
		if !bytes.Equal(a.encoded, b.encoded) {
			t.Errorf("%s encodes differently in two runs:\n%s\nthen\n%s", k, a.fact, b.fact)
		}
		// What another process decodes encodes to the same bytes again.
		decoded := reflect.New(reflect.TypeOf(a.fact).Elem()).Interface().(analysis.Fact)
		if err := gob.NewDecoder(bytes.NewReader(a.encoded)).Decode(decoded); err != nil {
			t.Fatalf("%s: decoding: %v", k, err)
		}
		if again := encodeFact(t, decoded); !bytes.Equal(again, a.encoded) {
			t.Errorf("%s changes through a round trip:\n%s\nthen\n%s", k, a.fact, decoded)
		}
		if fmt.Sprint(decoded) != fmt.Sprint(a.fact) {
			t.Errorf("%s reads back as %s, was %s", k, decoded, a.fact)
		}
	}

	// The packages must give the test something to find: facts of both
	// kinds from every package, and summaries with several entries whose
	// order could come from a map: touches through six parameters, futures
	// with callbacks, and interface methods merged from two implementations.
	for _, want := range []string{
		"actor Hop *directive.Fact", "future Future.M1 *directive.Fact",
		"chain/netstate Gateway *directive.Fact", "chain/rpc Client.M0 *summary.SummaryFact",
		"ifaces/raft Node.UM2 *summary.SummaryFact", "ifaces/app buffer *directive.Fact",
		"wide Many *directive.Fact",
	} {
		if _, ok := first[want]; !ok {
			t.Errorf("no fact %q; facts:\n%s", want, factKeys(first))
		}
	}
	for _, want := range []struct {
		key     string
		touches int
	}{
		{"wide Touch *summary.SummaryFact", 6},
		{"wide Later *summary.SummaryFact", 0}, // three future touches
		{"wide Surface.UM0 *summary.SummaryFact", 2},
		{"wide Surface.UM1 *summary.SummaryFact", 2},
	} {
		f, ok := first[want.key].fact.(*summary.SummaryFact)
		if !ok {
			t.Errorf("no fact %q; facts:\n%s", want.key, factKeys(first))
			continue
		}
		if len(f.Summary.Touches) != want.touches || (want.touches == 0 && len(f.Summary.FutureTouches) != 3) {
			t.Errorf("%s = %s, want %d touches (else 3 future touches)", want.key, f, want.touches)
		}
	}
}

// An exportedFact is one fact as a driver would write it to disk.
type exportedFact struct {
	fact    analysis.Fact
	encoded []byte
}

// factPackages are the test packages in dependency order: files of
// testdata/src, and wide, written here to give summaries many entries.
var factPackages = []string{
	"future", "actor", "chain/netstate", "chain/rpc", "chain/region", "ifaces/raft", "ifaces/app", "wide",
}

const wideSrc = `package wide

import (
	"time"

	"actor"
	"chain/netstate"
	"future"
)

//confined:owner
type S struct {
	a, b, c int
	m       map[string]int
	//confined:any
	ID int
}

//confined:owner
type T struct{ x, y []int }

// Holder is not confined; what it points to is.
type Holder struct {
	s  *S
	t  *T
	gw *netstate.Gateway
}

// Touch touches state through every parameter.
func Touch(s *S, t *T, u *S, v *T, w *S, h *Holder) {
	s.a++
	t.x = append(t.x, 1)
	u.m["k"] = u.b
	_ = v.y
	w.c = len(w.m)
	h.s.b++
	_ = h.t.y
	h.gw.Next("c")
}

// Reach goes through a holder to three kinds of confined state.
func Reach(h *Holder) { Touch(h.s, h.t, h.s, h.t, h.s, h) }

//confined:async f h
//confined:hop g
func Many(f, g, h, i func()) {
	go f()
	time.AfterFunc(time.Second, h)
	g()
	i()
}

// Spread is an inferred sink for three of its parameters.
func Spread(r *actor.Ref, a, b, c, d func()) {
	go a()
	time.AfterFunc(time.Second, b)
	r.Execute(c)
	d()
}

// Later registers callbacks on the futures it is handed.
func Later(f, g *future.Future[int], s *S, t *T, h *Holder) *future.Future[int] {
	f.OnComplete(func(int) { s.a++; t.x = nil })
	g.OnComplete(func(int) { h.s.c++; h.gw.Remove("c") })
	return f.Map(func(v int) int { return v + s.b })
}

// Surface is an interface whose implementations here touch state.
type Surface interface {
	Draw(s *S)
	Clear(t *T)
	//confined:owner
	Flush()
}

type impl struct{ s *S }

func (i impl) Draw(s *S)  { s.a++; i.s.b++ }
func (i impl) Clear(t *T) { t.x, t.y = nil, nil }
func (i impl) Flush()     {}

type other struct{ t *T }

func (o *other) Draw(s *S)  { s.m["o"]++ }
func (o *other) Clear(t *T) { o.t.y = t.x }
func (o *other) Flush()     {}

func Surfaces(s *S, t *T) []Surface { return []Surface{impl{s}, &other{t}} }
`

// exportedFacts type-checks the test packages afresh, as a separate process
// would, runs the analyzer on them and returns every fact each package
// exports about its own objects, gob-encoded one at a time, keyed by
// "package objectpath type" as unitchecker keys them.
func exportedFacts(t *testing.T) map[string]exportedFact {
	t.Helper()
	defer lockStd()()

	src := filepath.Join(repoRootDir(t), "testdata", "src")
	local := make(map[string]*packages.Package)
	var roots []*packages.Package
	for _, path := range factPackages {
		// Facts hold file names: wide's must be the same in both runs.
		filename, text := filepath.Join(src, "wide", "wide.go"), wideSrc
		if path != "wide" {
			files, err := filepath.Glob(filepath.Join(src, path, "*.go"))
			if err != nil || len(files) != 1 {
				t.Fatalf("testdata/src/%s: want one file, have %q (%v)", path, files, err)
			}
			data, err := os.ReadFile(files[0])
			if err != nil {
				t.Fatal(err)
			}
			filename, text = files[0], string(data)
		}
		pkg, err := typeCheck(filename, path, text, local)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		local[path] = pkg
		roots = append(roots, pkg)
	}
	a, err := New(Settings{})
	if err != nil {
		t.Fatal(err)
	}
	graph, err := analysischecker.Analyze([]*analysis.Analyzer{a}, roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]exportedFact)
	for act := range graph.All() {
		if act.Err != nil {
			t.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, of := range act.AllObjectFacts() {
			if of.Object.Pkg() != act.Package.Types {
				continue // inherited from a dependency
			}
			path, err := objectpath.For(of.Object)
			if err != nil {
				// unitchecker drops these; keep them, by name, to compare.
				path = objectpath.Path("!" + types.ObjectString(of.Object, (*types.Package).Name))
			}
			key := fmt.Sprintf("%s %s %T", act.Package.PkgPath, path, of.Fact)
			out[key] = exportedFact{of.Fact, encodeFact(t, of.Fact)}
		}
		for _, pf := range act.AllPackageFacts() {
			if pf.Package == act.Package.Types {
				key := fmt.Sprintf("%s %T", act.Package.PkgPath, pf.Fact)
				out[key] = exportedFact{pf.Fact, encodeFact(t, pf.Fact)}
			}
		}
	}
	return out
}

func encodeFact(t *testing.T, fact analysis.Fact) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(fact); err != nil {
		t.Fatalf("encoding %T: %v", fact, err)
	}
	return buf.Bytes()
}

func factKeys(facts map[string]exportedFact) string {
	var lines []string
	for k, f := range facts {
		lines = append(lines, fmt.Sprintf("%s: %s", k, f.fact))
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

func repoRootDir(t *testing.T) string {
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
