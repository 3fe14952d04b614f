package walk

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// testPass type-checks src as package p and returns a pass over it, with
// no driver and no facts of other packages.
func testPass(t *testing.T, src string) *analysis.Pass {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	require.NoError(t, err)
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Instances:    make(map[*ast.Ident]types.Instance),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		FileVersions: make(map[*ast.File]string),
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	require.NoError(t, err)
	return &analysis.Pass{
		Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info,
		ReadFile:          func(string) ([]byte, error) { return []byte(src), nil },
		Report:            func(d analysis.Diagnostic) { t.Errorf("%s: %s", fset.Position(d.Pos), d.Message) },
		ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
		ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
		AllObjectFacts:    func() []analysis.ObjectFact { return nil },
	}
}

// plainNames returns the names of the declarations of src that plainFuncs
// leaves out of SSA, with the declarations given (in the -declare format).
func plainNames(t *testing.T, src string, declare ...string) []string {
	t.Helper()
	decls, err := directive.ParseDeclarationLines(declare, func(int) string { return "test" })
	require.NoError(t, err)
	var out []string
	for fd := range New(model.NewModel(testPass(t, src), model.Config{Declarations: decls})).plainFuncs() {
		if fd.Recv != nil {
			out = append(out, types.ExprString(fd.Recv.List[0].Type)+"."+fd.Name.Name)
		} else {
			out = append(out, fd.Name.Name)
		}
	}
	slices.Sort(out)
	return out
}

// plainShapes are the helpers that can reach no confined state, and a
// look-alike of each that can.
const plainShapes = `package p

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unsafe"
)

//confined:owner
type State struct{ n int }

func (s *State) Add() { s.n++ }

// Plain: strings, numbers, errors, structs whose carrying fields are
// another package's own (the Replacer's), each other (recursively), plain
// code started or handed on, an owner-only function (reported at its
// callers whatever its body does).
func join(xs []string) string {
	var b strings.Builder
	for _, x := range xs {
		b.WriteString(strings.TrimSpace(x))
	}
	return b.String()
}
func parse(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("parse %q: %w", s, err)
	}
	return n, errors.New(join([]string{s}))
}
func even(n int) bool         { return n == 0 || odd(n-1) }
func odd(n int) bool          { return n != 0 && even(n-1) }
func replace(s string) string { return strings.NewReplacer("a", "b").Replace(s) }
type point struct{ x, y int }
func (p point) sum() int64    { return int64(p.x + p.y) }
func lateLiteral()            { time.AfterFunc(time.Second, func() { println("late") }) }
func spawns(n int)            { go fmt.Println(n) }
func funcValue() []string     { return strings.FieldsFunc("a b", isSpace) }
func isSpace(r rune) bool     { return r == ' ' }

// Built: each names what can carry confined state, or reaches what does.
var current = new(State)
func touches()                          { current.Add() }
func callsTouches() int                 { touches(); return 1 }
func handsOn() []string                 { return strings.FieldsFunc("a b", touchesRune) }
func touchesRune(r rune) bool           { current.n++; return false }
func closure() int                      { f := func() int { return 1 }; return f() }
func writer(w io.Writer)                { fmt.Fprintln(w, "x") }
func anyLocal(n int) string             { var v any = n; return fmt.Sprint(v) }
func generic[T any](x T) T              { return x }
func client() int                       { var c http.Client; return int(c.Timeout) }
func recovers() bool                    { return recover() == nil }
func byInterface(s fmt.Stringer) string { return s.String() }
func errText(err error) string          { return err.Error() }
func address(n *int) uintptr            { return uintptr(unsafe.Pointer(n)) }
func (s *State) kind() string           { return "state" }
func callsMarked() int                  { return marked() }
func callsDeclared() []string           { return strings.Fields("a b") }

// An owner-only function (strings.Fields is one by declaration), and one
// whose only confined thing is a field.
//
//confined:owner
func marked() int { return 1 }

type stats struct {
	//confined:owner
	count int
}

func (st *stats) bump() { st.count++ }
`

// TestPlainFuncs: the helpers that can reach no confined state are left
// out; each look-alike that can is built.
func TestPlainFuncs(t *testing.T) {
	got := plainNames(t, plainShapes, "owner strings.Fields")
	assert.Equal(t, []string{"even", "funcValue", "isSpace", "join", "lateLiteral", "odd", "parse", "point.sum", "replace", "spawns"}, got)
}

// waitShapes are methods that wait on a field of their receiver, which
// touch nothing confined, and look-alikes that wait on something else.
const waitShapes = `package p

import (
	"sync"
	"testing"
	"time"
)

type closer struct {
	done chan struct{}
	in   chan int
	wg   sync.WaitGroup
}

func (c *closer) Close()    { <-c.done }
func (c *closer) Drain()    { c.wg.Wait() }
func (c *closer) Paren()    { <-(c.done) }
func (c *closer) Selected() { select { case <-c.done: } }
func (c *closer) Within(t *testing.T) {
	select {
	case <-c.done:
	case <-time.After(time.Second):
		t.Fatal("stuck")
	}
}
func (c *closer) Offer(v int) {
	select {
	case c.in <- v:
	case <-c.done:
	}
}
func (c *closer) GivesUp() bool {
	select {
	case <-c.done:
		return true
	case <-time.After(time.Second):
		return false
	}
}
func (c *closer) Signal()   { close(c.done) }
func (c *closer) Local()    { ch := make(chan int); <-ch }
func wait(ch chan struct{}) { <-ch }
`

// TestWaitingMethodsBuilt ties the two definitions of a method waiting on
// its receiver's field: every method the SSA rule (waitedField, read by
// the code that started the receiver) finds waiting must have a body,
// so the syntax rule (waitsOnReceiverField) must keep it out of the
// plain functions.
func TestWaitingMethodsBuilt(t *testing.T) {
	pass := testPass(t, waitShapes)
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, pass.Fset, types.NewPackage("p", ""), pass.Files, ssa.InstantiateGenerics)
	require.NoError(t, err)
	var waiting []string
	for _, m := range pkg.Members {
		tn, ok := m.(*ssa.Type)
		if !ok {
			continue
		}
		mset := pkg.Prog.MethodSets.MethodSet(types.NewPointer(tn.Type()))
		for sel := range mset.Methods() {
			fn := pkg.Prog.MethodValue(sel)
			if slices.ContainsFunc(fn.Blocks, func(b *ssa.BasicBlock) bool {
				return slices.ContainsFunc(b.Instrs, func(i ssa.Instruction) bool { return waitedField(i, fn.Params[0]) != nil })
			}) {
				waiting = append(waiting, "*closer."+fn.Name())
			}
		}
	}
	slices.Sort(waiting)
	assert.Equal(t, []string{"*closer.Close", "*closer.Drain", "*closer.Paren", "*closer.Selected", "*closer.Within"}, waiting)
	plain := plainNames(t, waitShapes)
	for _, name := range waiting {
		assert.NotContains(t, plain, name, "a method waiting on its receiver's field is built")
	}
	assert.Subset(t, plain, []string{"*closer.Local", "*closer.Signal", "wait"}, "the look-alikes wait on nothing of their receiver's")
}
