package fix

// This file knows which calls may block or take long, and which values are
// valid only during the call that got them: a hop fix never moves the first
// onto the owner, whose loop would wait on them (a window freezing for the
// length of a request), nor reads the second after an asynchronous hop.
// What is listed is kept as data, a reason a row.

import (
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// blockingPackages are the packages whose calls may block on the outside
// world, with the reason: every function and method of theirs but those
// that only build or read values (notBlocking).
var blockingPackages = map[string]string{
	"net":          "network I/O",
	"net/http":     "requests and responses cross the network",
	"net/rpc":      "calls cross the network",
	"database/sql": "queries wait on the database",
	"os/exec":      "runs and waits for other programs",
}

// notBlocking are the functions and methods of blockingPackages that wait
// on nothing, by package path, type (for a method) and name: a handler's
// registration is no request.
var notBlocking = map[string]string{
	"net/http.HandleFunc":            "it registers a handler",
	"net/http.Handle":                "it registers a handler",
	"net/http.ServeMux.HandleFunc":   "it registers a handler",
	"net/http.ServeMux.Handle":       "it registers a handler",
	"net/http.NewServeMux":           "it makes a mux",
	"net/http.NewRequest":            "it builds a request",
	"net/http.NewRequestWithContext": "it builds a request",
	"net/http.Error":                 "it writes to the response buffer",
	"net/http.StatusText":            "it looks up a string",
	"net/http.Header.Get":            "it reads a map",
	"net/http.Header.Set":            "it writes a map",
	"net/http.Header.Add":            "it writes a map",
	"net/http.Header.Del":            "it writes a map",
	"net/http.ResponseWriter.Header": "it returns the header map",
	"net/http.Request.Context":       "it returns a field",
	"net/http.Request.PathValue":     "it reads the matched pattern",
	"net.ParseIP":                    "it parses a string",
	"net.JoinHostPort":               "it joins strings",
	"net.SplitHostPort":              "it splits a string",
	"net.IP.String":                  "it formats an address",
}

// blockingFuncs are the functions and methods elsewhere that wait, by
// package path, type (for a method) and name.
var blockingFuncs = map[string]string{
	"time.Sleep":                            "it sleeps",
	"sync.WaitGroup.Wait":                   "it waits for goroutines",
	"sync.Cond.Wait":                        "it waits for a signal",
	"golang.org/x/sync/errgroup.Group.Wait": "it waits for goroutines",
	"io.ReadAll":                            "it reads a stream to its end",
	"io.Copy":                               "it copies a stream to its end",
	"io.ReadFull":                           "it waits for the bytes",
	"io.Reader.Read":                        "it waits on the stream",
	"io.Writer.Write":                       "it waits on the stream",
	"io.Closer.Close":                       "it may wait on the stream (a response body)",
	"os.ReadFile":                           "it waits on the disk",
	"os.WriteFile":                          "it waits on the disk",
	"os.File.Read":                          "it waits on the file",
	"os.File.Write":                         "it waits on the file",
	"bufio.Reader.ReadString":               "it waits on the stream",
	"bufio.Scanner.Scan":                    "it waits on the stream",
}

// callScoped are the types whose values are valid only until the function
// that got them returns, by package path and name: a hop fix reads what it
// needs of them before it hops.
var callScoped = map[string]string{
	"net/http.Request":        "the server may reuse it, and closes its body, once the handler returns",
	"net/http.ResponseWriter": "it must not be used once the handler returns",
}

// A BlocksFact on a function of another package says that its body may
// block (see blocking), so that a fix in an importer leaves a call of it
// off the owner too: a client package's Fetch that waits on the network.
type BlocksFact struct{}

func (*BlocksFact) AFact() {}

func (*BlocksFact) String() string { return "may block" }

// ExportBlocking exports a BlocksFact for each exported function and
// method of the package that may block, for the fixes of its importers. The standard library's are
// left out: what of it blocks is listed above.
func ExportBlocking(pass *analysis.Pass) {
	if len(pass.Files) == 0 || strings.HasPrefix(pass.Fset.File(pass.Files[0].Pos()).Name(), filepath.Join(build.Default.GOROOT, "src")+string(filepath.Separator)) {
		return
	}
	b := newBlocking(pass, false)
	for fn, decl := range b.decls {
		if fn.Exported() && !strings.HasSuffix(pass.Fset.File(decl.Pos()).Name(), "_test.go") && b.body(fn) {
			pass.ExportObjectFact(fn, new(BlocksFact)) // (tests are not called by importers)
		}
	}
}

// blocking decides which code may block, for one pass.
type blocking struct {
	pass *analysis.Pass
	// unseen says that a call whose code cannot be seen (a func value, a
	// method of an interface the package declares) may block, and so may
	// a send, a receive or a select: a fix leaves them off the owner. A
	// package tells its importers only of its functions that wait on the
	// outside world (the lists above): the funcs it calls may be theirs,
	// and its channel operations are how it hands work around (a hop
	// method sends on its loop's channel).
	unseen bool
	bodies map[*types.Func]bool // by function of this package: its body may block
	decls  map[*types.Func]*ast.FuncDecl
}

func newBlocking(pass *analysis.Pass, unseen bool) *blocking {
	b := &blocking{pass: pass, unseen: unseen, bodies: make(map[*types.Func]bool), decls: make(map[*types.Func]*ast.FuncDecl)}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					b.decls[fn] = fd
				}
			}
		}
	}
	return b
}

// mayBlock reports whether n may block: a call listed above, a call of a
// function whose body may block (of this package, or with a BlocksFact),
// or, when unseen is set, a send or a receive on a channel, a select, or a
// call of a func value or of a method of an interface this package
// declares, whose code the fix cannot see (a field holding the app's
// fetch): when unsure, it stays where it was.
func (b *blocking) mayBlock(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // made, not run
		case *ast.SendStmt, *ast.SelectStmt:
			found = b.unseen
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW && b.unseen
		case *ast.CallExpr:
			found = found || b.call(n)
		}
		return !found
	})
	return found
}

// call reports whether call may block (see mayBlock).
func (b *blocking) call(call *ast.CallExpr) bool {
	switch callee := typeutil.Callee(b.pass.TypesInfo, call).(type) {
	case *types.Var:
		return b.unseen // a func value
	case *types.Func:
		if listedBlocking(callee) {
			return true
		}
		if recv := callee.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
			return b.unseen && callee.Pkg() == b.pass.Pkg
		}
		if callee.Pkg() != b.pass.Pkg {
			return b.pass.ImportObjectFact(callee.Origin(), new(BlocksFact))
		}
		return b.body(callee)
	}
	return false
}

// body reports whether fn, of this package, has a body that may block.
func (b *blocking) body(fn *types.Func) bool {
	fn = fn.Origin()
	if blocks, seen := b.bodies[fn]; seen {
		return blocks
	}
	b.bodies[fn] = false // a recursive call adds nothing
	decl := b.decls[fn]
	blocks := decl != nil && b.mayBlock(decl.Body)
	b.bodies[fn] = blocks
	return blocks
}

// usesCallScoped reports whether n names a variable whose value is valid
// only during the call (callScoped).
func (c *hopFixer) usesCallScoped(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, isVar := c.pass.TypesInfo.Uses[id].(*types.Var); isVar && isCallScoped(v.Type()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isCallScoped reports whether t, or what it points to, is listed in
// callScoped.
func isCallScoped(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	_, listed := callScoped[named.Obj().Pkg().Path()+"."+named.Obj().Name()]
	return listed
}

// listedBlocking reports whether fn is listed as blocking.
func listedBlocking(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	name := fn.Pkg().Path() + "." + fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if named, ok := types.Unalias(t).(*types.Named); ok {
			name = fn.Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
		}
	}
	if _, ok := blockingPackages[fn.Pkg().Path()]; ok {
		_, waitsOnNothing := notBlocking[name]
		return !waitsOnNothing
	}
	_, ok := blockingFuncs[name]
	return ok
}

// hopsAlready reports whether every statement of g is a call of a hop
// sink (fyne.Do(d.notice.Hide)): wrapping it in another hop changes
// nothing but the order.
func (c *hopFixer) hopsAlready(g statementGroup) bool {
	for _, stmt := range g.stmts {
		es, ok := stmt.(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if fn == nil {
			return false
		}
		if hop, _ := c.model.HopTarget(fn); len(hop) == 0 {
			return false
		}
	}
	return true
}
