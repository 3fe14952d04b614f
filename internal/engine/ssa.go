package engine

// This file is the one seam through which the analyzer gets SSA. It builds
// the package's SSA itself, instead of requiring buildssa, so that packages
// with nothing confined in reach can skip it and so that nothing outlives the
// pass.

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// buildSSA builds the package under analysis and returns its program and
// source functions, function literals included, in source order.
func buildSSA(pass *analysis.Pass) (*ssa.Program, []*ssa.Function) {
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	for _, imp := range pass.Pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()

	var fns []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		fns = append(fns, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	add(pkg.Func("init")) // package-level variable initializers
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					if fn := prog.FuncValue(obj); fn != nil {
						add(fn)
					}
				}
			}
		}
	}
	return prog, fns
}
