package analyzer

// This file resolves declarations (declare.go) in a pass. Each NAME is
// looked up among the packages in view (the package and its
// dependencies), the way users write it: a method promoted into an
// interface or a struct is found through the type that promotes it. What
// it names is checked by the directives' rules (addDirective); a NAME in
// view that names nothing, or a verb that does not fit, is reported with
// the nearest names. directives() then sees what declarations say next to
// what doc comments and facts say.

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/confinecheck/confinecheck/internal/nearest"
)

// Declared is what the declarations in view say, by the object they name.
type Declared struct {
	// objects holds, for each declared object, what its directives and
	// its declarations say together.
	objects map[types.Object]*directiveFact
	// methods are the declared interface methods, in declaration order:
	// their implementations in view follow them (see implementedContract).
	methods []*types.Func
	// names keeps how the user wrote a declared function, which fix hints
	// can show: actor.Context.ReenterAfter is a method of an unexported
	// interface that Context embeds.
	names map[types.Object]string
	// sources says where each declaration came from, for -explain.
	sources []resolvedDeclaration
}

// A resolvedDeclaration is a declaration and what it named.
type resolvedDeclaration struct {
	declaration
	member member // obj is nil when NAME's package is not in view
	report bool   // this pass reports what is wrong with it
	err    error  // what is wrong with it
}

// resolveDeclarations resolves the package's own declarations, those its
// dependencies export and the analyzer's settings, in that order.
func (c *Engine) resolveDeclarations() {
	var decls []resolvedDeclaration
	for _, d := range c.dirs.declarations {
		decls = append(decls, resolvedDeclaration{declaration: d, report: true})
	}
	decls = append(decls, c.importedDeclarations()...)
	for _, d := range c.cfg.declarations() {
		decls = append(decls, resolvedDeclaration{declaration: d, report: true})
	}
	if len(decls) == 0 {
		return
	}
	view := packagesInView(c.pass.Pkg)
	c.declared.objects = make(map[types.Object]*directiveFact)
	c.declared.names = make(map[types.Object]string)
	for i := range decls {
		d := &decls[i]
		d.member, d.err = resolveName(view, d.declaration)
		if d.err != nil {
			c.reportDeclaration(*d)
		}
	}
	// Types first: whether a member may be :any depends on them (and
	// directives caches only the types' facts, final by then).
	for _, typesPhase := range []bool{true, false} {
		for i := range decls {
			d := &decls[i]
			if d.member.obj == nil || d.member.isType() != typesPhase {
				continue
			}
			if !typesPhase && d.member.parent != nil {
				d.member.confined = c.confinedNamed(d.member.parent) != nil
			}
			if d.err = addDirective(c.declaredFact(d.member.obj), d.member, d.directive); d.err != nil {
				c.reportDeclaration(*d)
			}
		}
	}
	for _, d := range decls {
		if fn, ok := d.member.obj.(*types.Func); ok {
			if isInterfaceMethod(fn) && !slices.Contains(c.declared.methods, fn) {
				c.declared.methods = append(c.declared.methods, fn)
			}
			if _, ok := c.declared.names[fn]; !ok {
				c.declared.names[fn] = d.member.written
			}
		}
	}
	c.declared.sources = decls
}

// declaredFact returns the fact declarations add to for obj: a copy of
// what its directives say, so that a declaration contradicting a
// directive is reported as two directives contradicting each other are.
func (c *Engine) declaredFact(obj types.Object) *directiveFact {
	if f := c.declared.objects[obj]; f != nil {
		return f
	}
	f := new(directiveFact)
	if d := c.sourceDirectives(obj); d != nil {
		*f = *d
	}
	c.declared.objects[obj] = f
	return f
}

// importedDeclarations are the declarations of the packages this one
// depends on, by package path. Another package reports what is wrong
// with its own.
func (c *Engine) importedDeclarations() []resolvedDeclaration {
	var out []resolvedDeclaration
	for _, line := range c.importedDeclarationLines() {
		if d, err := parseDeclaration(strings.Fields(line.Text)); err == nil {
			d.source = line.Source
			out = append(out, resolvedDeclaration{declaration: d})
		}
	}
	return out
}

// importedDeclarationLines are the lines of the imports' declarationsFacts,
// each once.
func (c *Engine) importedDeclarationLines() []declarationLine {
	var lines []declarationLine
	for _, pf := range c.packageFacts {
		if f, ok := pf.Fact.(*declarationsFact); ok {
			for _, line := range f.Lines {
				if !slices.Contains(lines, line) {
					lines = append(lines, line)
				}
			}
		}
	}
	return lines
}

// exportDeclarations publishes the package's //confined:declare lines, and
// those it received, to the packages importing it.
func (c *Engine) exportDeclarations() {
	f := declarationsFact{Lines: c.importedDeclarationLines()}
	if len(c.dirs.declarations) == 0 && len(f.Lines) == 0 {
		return
	}
	for _, d := range c.dirs.declarations {
		p := c.pass.Fset.Position(d.pos)
		source := fmt.Sprintf("%s/%s:%d", c.pass.Pkg.Path(), baseName(p.Filename), p.Line)
		f.Lines = append(f.Lines, declarationLine{Text: d.text(), Source: source})
	}
	c.pass.ExportPackageFact(&f)
}

func baseName(path string) string {
	return path[strings.LastIndexAny(path, `/\`)+1:]
}

// reportDeclaration reports what is wrong with d, at its line in Go
// source, else (a flag or a line of a file) at no position, prefixed with
// where it was written: drivers print such a finding once per run (the
// standalone checker) or once per package (go vet).
func (c *Engine) reportDeclaration(d resolvedDeclaration) {
	if !d.report {
		return
	}
	msg := d.err.Error()
	if !d.pos.IsValid() && d.source != d.form {
		msg = d.source + ": " + msg
	}
	c.pass.Report(analysis.Diagnostic{Pos: d.pos, Message: msg})
}

// packagesInView maps the import path of pkg and of every package it
// depends on to the package.
func packagesInView(pkg *types.Package) map[string]*types.Package {
	view := map[string]*types.Package{pkg.Path(): pkg}
	queue := []*types.Package{pkg}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, imp := range p.Imports() {
			if view[imp.Path()] == nil {
				view[imp.Path()] = imp
				queue = append(queue, imp)
			}
		}
	}
	return view
}

// resolveName finds what d's NAME names. It returns a member with a nil
// obj, and no error, when NAME's package is not in view: there is nothing
// to check it against, or to apply it to.
func resolveName(view map[string]*types.Package, d declaration) (member, error) {
	pkg, rest := splitPackage(view, d.name)
	if pkg == nil {
		return member{}, nil
	}
	parts := strings.Split(rest, ".")
	subject := d.form + " " + d.name
	scope := pkg.Scope()
	obj := scope.Lookup(parts[0])
	if len(parts) > 2 {
		return member{}, fmt.Errorf("%s: a name is path.Func, path.Type or path.Type.Member, not %d parts after the package", subject, len(parts))
	}
	if len(parts) == 1 {
		switch obj := obj.(type) {
		case *types.Func:
			return member{obj: obj, written: pkg.Name() + "." + obj.Name()}, nil
		case *types.TypeName:
			if named, ok := types.Unalias(obj.Type()).(*types.Named); ok {
				return member{obj: named.Obj(), written: pkg.Name() + "." + obj.Name()}, nil
			}
		}
		return member{}, fmt.Errorf("%s: %s declares no function or type %s%s", subject, pkg.Path(), parts[0], nearest.DidYouMean(pkg.Name()+"."+parts[0], scopeNames(pkg)))
	}
	tn, _ := obj.(*types.TypeName)
	var named *types.Named
	if tn != nil {
		named, _ = types.Unalias(tn.Type()).(*types.Named)
	}
	if named == nil {
		return member{}, fmt.Errorf("%s: %s declares no type %s%s", subject, pkg.Path(), parts[0], nearest.DidYouMean(pkg.Name()+"."+parts[0], scopeNames(pkg)))
	}
	written := pkg.Name() + "." + parts[0] + "." + parts[1]
	switch found, _, _ := types.LookupFieldOrMethod(named, true, pkg, parts[1]); found := found.(type) {
	case *types.Func:
		if _, ptr := found.Signature().Recv().Type().(*types.Pointer); ptr {
			// As a method expression would say it.
			written = "(*" + pkg.Name() + "." + parts[0] + ")." + parts[1]
		}
		return member{obj: found, of: pkg.Name() + "." + parts[0], parent: named, written: written}, nil
	case *types.Var:
		return member{obj: found, of: pkg.Name() + "." + parts[0], parent: named, written: written}, nil
	}
	return member{}, fmt.Errorf("%s: %s.%s has no method or field %s%s", subject, pkg.Name(), parts[0], parts[1], nearest.DidYouMean(written, memberNames(pkg.Name()+"."+parts[0], named)))
}

// splitPackage splits "path.Rest" at the longest package path in view.
func splitPackage(view map[string]*types.Package, name string) (*types.Package, string) {
	slash := strings.LastIndex(name, "/")
	for i := len(name) - 1; i > slash; i-- {
		if name[i] == '.' {
			if pkg := view[name[:i]]; pkg != nil {
				return pkg, name[i+1:]
			}
		}
	}
	return nil, ""
}

// scopeNames are the functions and types of pkg, as "pkg.Name".
func scopeNames(pkg *types.Package) []string {
	var out []string
	for _, name := range pkg.Scope().Names() {
		switch pkg.Scope().Lookup(name).(type) {
		case *types.Func, *types.TypeName:
			out = append(out, pkg.Name()+"."+name)
		}
	}
	return out
}

// memberNames are the methods and fields of named (and *named), as
// "prefix.Name", in a fixed order.
func memberNames(prefix string, named *types.Named) []string {
	var names []string
	mset := addressableMethodSet(named)
	for sel := range mset.Methods() {
		names = append(names, sel.Obj().Name())
	}
	if st, ok := named.Underlying().(*types.Struct); ok {
		for field := range st.Fields() {
			names = append(names, field.Name())
		}
	}
	slices.Sort(names)
	for i, name := range names {
		names[i] = prefix + "." + name
	}
	return names
}

// implementedContract adds to k what declarations say about the interface
// methods fn implements: a declaration on an interface method covers the
// implementations in view.
func (c *Engine) implementedContract(fn *types.Func, k *directiveFact) {
	recv := fn.Signature().Recv()
	if recv == nil || isInterfaceMethod(fn) {
		return
	}
	for _, m := range c.declared.methods {
		if m.Name() != fn.Name() {
			continue
		}
		iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
		if iface != nil && (types.Implements(recv.Type(), iface) || types.Implements(types.NewPointer(recv.Type()), iface)) {
			mergeFact(k, c.declared.objects[m])
		}
	}
}
