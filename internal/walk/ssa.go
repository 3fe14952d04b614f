package walk

// This file is the one seam through which the analyzer gets SSA. It builds
// the package's SSA itself, instead of requiring buildssa, so that packages
// with nothing confined in reach can skip it and so that nothing outlives the
// pass.

import (
	"go/ast"
	"go/token"
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
	files, info := withoutBodies(pass.Files, pass.TypesInfo, plain)
	prog, pkg := build(pass, files, info, namedMembers(pass, files))
	if prog == nil { // a member the lean imports missed: build with all
		prog, pkg = build(pass, files, info, nil)
	}

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

// build builds the package from files and info. Its imports are created
// with only the members in named, when given, or with all of their
// members. It returns a nil program if building panics, which only a
// member missing from named can make it do.
func build(pass *analysis.Pass, files []*ast.File, info *types.Info, named map[*types.Package][]types.Object) (prog *ssa.Program, pkg *ssa.Package) {
	prog = ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	for _, imp := range pass.Pkg.Imports() {
		if named == nil {
			prog.CreatePackage(imp, nil, nil, true)
		} else {
			createLean(prog, imp, named[imp])
		}
	}
	pkg = prog.CreatePackage(pass.Pkg, files, info, false)
	if named != nil {
		defer func() {
			if recover() != nil {
				prog, pkg = nil, nil
			}
		}()
	}
	pkg.Build()
	return prog, pkg
}

// namedMembers lists, for each package the files import, the package-level
// functions and variables they name. SSA needs only those of an import:
// creating one with all its members (every function and method of
// strings or time, in every package that imports them) was most of the
// cost of building a package's SSA. Methods, constants and types need no
// member: SSA makes what it needs of them from their types.
func namedMembers(pass *analysis.Pass, files []*ast.File) map[*types.Package][]types.Object {
	seen := make(map[types.Object]bool)
	named := make(map[*types.Package][]types.Object)
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := pass.TypesInfo.Uses[id] // a generic function's origin
			switch obj.(type) {
			case *types.Func, *types.Var:
				if pkg := obj.Pkg(); pkg != nil && pkg != pass.Pkg && obj.Parent() == pkg.Scope() && !seen[obj] {
					seen[obj] = true
					named[pkg] = append(named[pkg], obj)
				}
			}
			return true
		})
	}
	return named
}

// createLean creates the SSA package of imp with only the members given,
// through the one door go/ssa has for choosing them: a syntax tree that
// declares them, bodiless, its names defined as the members' objects.
func createLean(prog *ssa.Program, imp *types.Package, members []types.Object) {
	info := &types.Info{Defs: make(map[*ast.Ident]types.Object, len(members))}
	file := &ast.File{Name: ast.NewIdent(imp.Name())}
	for _, obj := range members {
		id := ast.NewIdent(obj.Name())
		info.Defs[id] = obj
		switch obj.(type) {
		case *types.Func:
			file.Decls = append(file.Decls, &ast.FuncDecl{Name: id, Type: &ast.FuncType{Params: &ast.FieldList{}}})
		case *types.Var:
			file.Decls = append(file.Decls, &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{id}}}})
		}
	}
	prog.CreatePackage(imp, []*ast.File{file}, info, true)
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
