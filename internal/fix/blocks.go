package fix

// This file knows which calls may block or take long, and which values are
// valid only during the call that got them: a hop fix never moves the first
// onto the owner, whose loop would wait on them (a window freezing for the
// length of a request), nor reads the second after an asynchronous hop.
// What is listed is kept as data, a reason a row.

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// blockingPackages are the packages whose functions and methods may block
// on the outside world, with the reason.
var blockingPackages = map[string]string{
	"net":          "network I/O",
	"net/http":     "requests and responses cross the network",
	"net/rpc":      "calls cross the network",
	"database/sql": "queries wait on the database",
	"os/exec":      "runs and waits for other programs",
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

// mayBlock reports whether n may block: a call listed above, a send or a
// receive on a channel, a select, a call of a function of this package
// whose body may block, or a call of a func value or of a method of an
// interface this package declares, whose code the fix cannot see (a field
// holding the app's fetch): when unsure, it stays where it was.
func (c *hopFixer) mayBlock(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // made, not run
		case *ast.SendStmt, *ast.SelectStmt:
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		case *ast.CallExpr:
			found = found || c.blockingCall(n)
		}
		return !found
	})
	return found
}

// blockingCall reports whether call may block (see mayBlock).
func (c *hopFixer) blockingCall(call *ast.CallExpr) bool {
	switch callee := typeutil.Callee(c.pass.TypesInfo, call).(type) {
	case *types.Var:
		return true // a func value
	case *types.Func:
		if listedBlocking(callee) {
			return true
		}
		if recv := callee.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
			return callee.Pkg() == c.pass.Pkg
		}
		return c.bodyBlocks(callee)
	}
	return false
}

// bodyBlocks reports whether fn is declared in this package and its body
// may block.
func (c *hopFixer) bodyBlocks(fn *types.Func) bool {
	fn = fn.Origin()
	if fn.Pkg() != c.pass.Pkg {
		return false
	}
	if blocks, seen := c.blocking[fn]; seen {
		return blocks
	}
	c.blocking[fn] = false // a recursive call adds nothing
	decl := c.declOf(fn)
	blocks := decl != nil && decl.Body != nil && c.mayBlock(decl.Body)
	c.blocking[fn] = blocks
	return blocks
}

// declOf returns fn's declaration in the package's files.
func (c *hopFixer) declOf(fn *types.Func) *ast.FuncDecl {
	file := names.FileOf(c.pass.Files, fn.Pos())
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, fn.Pos(), fn.Pos())
	for _, n := range path {
		if decl, ok := n.(*ast.FuncDecl); ok && c.pass.TypesInfo.Defs[decl.Name] == fn {
			return decl
		}
	}
	return nil
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
	if _, ok := blockingPackages[fn.Pkg().Path()]; ok {
		return true
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
