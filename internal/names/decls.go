package names

import (
	"go/ast"
	"go/types"
	"iter"

	"golang.org/x/tools/go/analysis"
)

// DeclaredFuncs yields the package's declared functions that have a body,
// in source order.
func DeclaredFuncs(pass *analysis.Pass) iter.Seq2[*types.Func, *ast.FuncDecl] {
	return func(yield func(*types.Func, *ast.FuncDecl) bool) {
		for _, file := range pass.Files {
			for _, decl := range file.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && !yield(obj, fd) {
					return
				}
			}
		}
	}
}
