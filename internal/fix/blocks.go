package fix

// This file knows which calls may block or take long: a hop fix never moves
// them onto the owner, whose loop would wait on them (a window freezing for
// the length of a request). What is listed is kept as data, a reason a row.

import (
	"go/ast"
	"go/token"
	"go/types"

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

// mayBlock reports whether n may block: a call listed above, a send or a
// receive on a channel, a select.
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

// blockingCall reports whether call calls a function listed as blocking.
func (c *hopFixer) blockingCall(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
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
