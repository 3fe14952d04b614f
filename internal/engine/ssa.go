package engine

// This file is the one seam through which the analyzer gets SSA. It builds
// the package's SSA itself, instead of requiring buildssa, so that packages
// with nothing confined in reach can skip it and so that nothing outlives the
// pass.

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// buildSSA builds the package under analysis and returns its program and
// source functions, function literals included, in source order. The
// bodies of the declarations in plain are left out (see plainFuncs): they
// become functions without blocks, as if written in assembly, and are not
// among those returned.
func buildSSA(pass *analysis.Pass, plain map[*ast.FuncDecl]bool) (*ssa.Program, []*ssa.Function) {
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	for _, imp := range pass.Pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	files, info := withoutBodies(pass.Files, pass.TypesInfo, plain)
	pkg := prog.CreatePackage(pass.Pkg, files, info, false)
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
				if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && !plain[fd] {
					if fn := prog.FuncValue(obj); fn != nil {
						add(fn)
					}
				}
			}
		}
	}
	return prog, fns
}

// withoutBodies returns files with the bodies of the declarations in plain
// left out, and info extended to the copies it makes: the syntax trees are
// shared with the other analyzers of the pass, so a file with a body to
// leave out is copied, not changed. SSA reads a file's Go version from
// info, by file.
func withoutBodies(files []*ast.File, info *types.Info, plain map[*ast.FuncDecl]bool) ([]*ast.File, *types.Info) {
	if len(plain) == 0 {
		return files, info
	}
	extended := *info
	extended.FileVersions = maps.Clone(info.FileVersions)
	if extended.FileVersions == nil {
		extended.FileVersions = make(map[*ast.File]string)
	}
	out := make([]*ast.File, len(files))
	for i, file := range files {
		out[i] = file
		for j, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || !plain[fd] {
				continue
			}
			if out[i] == file {
				copied := *file
				copied.Decls = slices.Clone(file.Decls)
				out[i] = &copied
				if v, ok := info.FileVersions[file]; ok {
					extended.FileVersions[&copied] = v
				}
			}
			bodiless := *fd
			bodiless.Body = nil
			out[i].Decls[j] = &bodiless
		}
	}
	return out, &extended
}
