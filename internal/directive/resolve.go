package directive

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

	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/nearest"
	"golang.org/x/tools/go/analysis"
)

// Declared is what the declarations in view say, by the object they name.
type Declared struct {
	// Objects holds, for each declared object, what its directives and
	// its declarations say together.
	Objects map[types.Object]*Fact
	// methods are the declared interface methods, in declaration order:
	// their implementations in view follow them (see implementedContract).
	methods []*types.Func
	// names keeps how the user wrote a declared function, which fix hints
	// can show: actor.Context.ReenterAfter is a method of an unexported
	// interface that Context embeds.
	Names map[types.Object]string
	// sources says where each declaration came from, for -explain.
	sources []resolvedDeclaration
	// Packs are the built-in packs that apply: they name a package in view.
	Packs []Pack
	// pendingAny are the any declarations on members of types no
	// declaration or directive confines: they may implement a turn (see
	// SettleAny).
	pendingAny []pendingAny
}

// Everywhere reports whether every declaration of obj holds in every
// package that has obj in view: it comes from a built-in pack (which
// applies where its framework is in view) or from the settings (a flag, a
// file), not from a package's source, which only that package and its
// importers read.
func (d *Declared) Everywhere(obj types.Object) bool {
	for _, r := range d.sources {
		if r.member.obj == obj && r.pack == "" && r.pos.IsValid() {
			return false
		}
	}
	return true
}

// SettleAny records the pending any declarations on members of the types
// confined says are confined (by implementing a turn, which only the
// model knows), and returns the diagnostics of the others, as Set's does.
func (d *Declared) SettleAny(confined func(*types.TypeName) bool) []analysis.Diagnostic {
	diags := settleAny(d.pendingAny, d.Objects, confined)
	d.pendingAny = nil
	return diags
}

// A resolvedDeclaration is a declaration and what it named.
type resolvedDeclaration struct {
	Declaration
	member member // obj is nil when NAME's package is not in view
	report bool   // this pass reports what is wrong with it
	own    bool   // written in this package's source
	err    error  // what is wrong with it
}

// A resolver resolves the declarations of one pass.
type resolver struct {
	pass     *analysis.Pass
	set      *Set
	declared *Declared
	diags    []analysis.Diagnostic
}

// Resolve resolves the declarations in view: the package's own (in set),
// those its imports pass on in facts (imported), the settings' and those
// of the packs that name a package in view, in that order. It returns what
// they say and, for the caller to report, what is wrong with those of the
// package and the settings (the packs' are checked by their tests).
func Resolve(pass *analysis.Pass, set *Set, imported []analysis.PackageFact, settings []Declaration, packs []Pack) (*Declared, []analysis.Diagnostic) {
	c := &resolver{pass: pass, set: set, declared: new(Declared)}
	var decls []resolvedDeclaration
	var view map[string]*types.Package
	if len(packs) > 0 {
		view = names.PackagesInView(c.pass.Pkg)
		c.declared.Packs = applying(view, packs)
	}
	for _, d := range set.declarations {
		decls = append(decls, resolvedDeclaration{Declaration: d, report: true, own: true})
	}
	decls = append(decls, importedDeclarations(imported)...)
	for _, d := range settings {
		decls = append(decls, resolvedDeclaration{Declaration: d, report: true})
	}
	for _, p := range c.declared.Packs {
		for _, d := range p.Declarations {
			decls = append(decls, resolvedDeclaration{Declaration: d})
		}
	}
	if len(decls) == 0 {
		return c.declared, nil
	}
	if view == nil {
		view = names.PackagesInView(c.pass.Pkg)
	}
	decls = expandWholePackages(view, decls)
	c.declared.Objects = make(map[types.Object]*Fact)
	c.declared.Names = make(map[types.Object]string)
	for i := range decls {
		d := &decls[i]
		d.member, d.err = resolveName(view, d.Declaration)
		if d.err != nil && c.indirect(d.member.pkg) {
			// go vet sees only what the direct imports' export data name
			// of a package reached through them: nothing to check here.
			d.err = nil
		}
		switch {
		case d.err != nil || d.member.obj != nil:
		case d.own:
			d.err = unknownPackage(view, d.Declaration, c.pass.Pkg)
		case d.report:
			d.err = mistypedPackage(view, d.Declaration)
		}
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
				d.member.confined = c.confined(d.member.parent)
				if d.verb == VerbAny && !d.member.confined {
					// A member of a type that may implement a turn.
					m := d.member
					m.ofType = m.parent.Origin().Obj()
					var diag *analysis.Diagnostic
					if d.report {
						d.err = addDirective(new(Fact), d.member, d.directive)
						diag = c.declarationDiag(*d)
					}
					c.declared.pendingAny = append(c.declared.pendingAny, pendingAny{m, d.directive, diag})
					continue
				}
			}
			if d.err = addDirective(c.declaredFact(d.member.obj), d.member, d.directive); d.err != nil {
				c.reportDeclaration(*d)
			}
		}
	}
	for _, d := range decls {
		if fn, ok := d.member.obj.(*types.Func); ok {
			if names.IsInterfaceMethod(fn) && !slices.Contains(c.declared.methods, fn) {
				c.declared.methods = append(c.declared.methods, fn)
			}
			if _, ok := c.declared.Names[fn]; !ok {
				c.declared.Names[fn] = d.member.written
			}
		}
	}
	c.declared.sources = decls
	return c.declared, c.diags
}

// applying are the packs that name a package in view.
func applying(view map[string]*types.Package, packs []Pack) []Pack {
	var out []Pack
	for _, p := range packs {
		if slices.ContainsFunc(p.packages, func(path string) bool { return view[path] != nil }) {
			out = append(out, p)
		}
	}
	return out
}

// indirect reports whether pkg is reached only through the package's
// imports, not imported by it.
func (c *resolver) indirect(pkg *types.Package) bool {
	return pkg != nil && pkg != c.pass.Pkg && !slices.Contains(c.pass.Pkg.Imports(), pkg)
}

// confined reports whether named is confined by its directives or by a
// declaration resolved so far.
func (c *resolver) confined(named *types.Named) bool {
	obj := named.Origin().Obj()
	f := c.declared.Objects[obj]
	if f == nil {
		f = SourceFact(c.pass, c.set, obj)
	}
	return f != nil && f.Owner
}

// SourceFact returns what the doc comments of obj's package say about it:
// set's, for an object of the pass's package, else the fact its package
// exported; nil when they say nothing.
func SourceFact(pass *analysis.Pass, set *Set, obj types.Object) *Fact {
	if f := set.Objects[obj]; f != nil || obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
		return f
	}
	var imported Fact
	if pass.ImportObjectFact(obj, &imported) {
		return &imported
	}
	return nil
}

// declaredFact returns the fact declarations add to for obj: a copy of
// what its directives say, so that a declaration contradicting a
// directive is reported as two directives contradicting each other are.
func (c *resolver) declaredFact(obj types.Object) *Fact {
	if f := c.declared.Objects[obj]; f != nil {
		return f
	}
	f := new(Fact)
	if d := SourceFact(c.pass, c.set, obj); d != nil {
		*f = *d
	}
	c.declared.Objects[obj] = f
	return f
}

// importedDeclarations are the declarations of the packages this one
// depends on, by package path. Another package reports what is wrong
// with its own.
func importedDeclarations(imported []analysis.PackageFact) []resolvedDeclaration {
	var out []resolvedDeclaration
	for _, line := range importedDeclarationLines(imported) {
		if d, err := parseDeclaration(strings.Fields(line.Text)); err == nil {
			d.source = line.Source
			out = append(out, resolvedDeclaration{Declaration: d})
		}
	}
	return out
}

// importedDeclarationLines are the lines of the imports' declarationsFacts,
// each once.
func importedDeclarationLines(imported []analysis.PackageFact) []declarationLine {
	var lines []declarationLine
	for _, pf := range imported {
		if f, ok := pf.Fact.(*DeclarationsFact); ok {
			for _, line := range f.Lines {
				if !slices.Contains(lines, line) {
					lines = append(lines, line)
				}
			}
		}
	}
	return lines
}

// ExportDeclarations publishes the package's //confined:declare lines, and
// those it received, to the packages importing it.
func ExportDeclarations(pass *analysis.Pass, set *Set, imported []analysis.PackageFact) {
	f := DeclarationsFact{Lines: importedDeclarationLines(imported)}
	if len(set.declarations) == 0 && len(f.Lines) == 0 {
		return
	}
	for _, d := range set.declarations {
		p := pass.Fset.Position(d.pos)
		source := fmt.Sprintf("%s/%s:%d", pass.Pkg.Path(), baseName(p.Filename), p.Line)
		f.Lines = append(f.Lines, declarationLine{Text: d.text(), Source: source})
	}
	pass.ExportPackageFact(&f)
}

func baseName(path string) string {
	return path[strings.LastIndexAny(path, `/\`)+1:]
}

// reportDeclaration reports what is wrong with d, at its line in Go
// source, else (a flag or a line of a file) at no position, prefixed with
// where it was written: drivers print such a finding once per run (the
// standalone checker) or once per package (go vet).
func (c *resolver) reportDeclaration(d resolvedDeclaration) {
	if d.report {
		c.diags = append(c.diags, *c.declarationDiag(d))
	}
}

// declarationDiag is the diagnostic of d's error.
func (c *resolver) declarationDiag(d resolvedDeclaration) *analysis.Diagnostic {
	msg := d.err.Error()
	if !d.pos.IsValid() && d.source != d.form {
		msg = d.source + ": " + msg
	}
	return &analysis.Diagnostic{Pos: d.pos, Message: msg}
}

// resolveName finds what d's NAME names. It returns a member with a nil
// obj, and no error, when NAME's package is not in view: there is nothing
// to check it against, or to apply it to.
func resolveName(view map[string]*types.Package, d Declaration) (member, error) {
	pkg, rest := SplitPackage(view, d.name)
	if pkg == nil {
		return member{}, nil
	}
	parts := strings.Split(rest, ".")
	subject := d.form + " " + d.name
	scope := pkg.Scope()
	obj := scope.Lookup(parts[0])
	if len(parts) > 2 {
		return member{pkg: pkg}, fmt.Errorf("%s: a name is path.Func, path.Type or path.Type.Member, not %d parts after the package", subject, len(parts))
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
		return member{pkg: pkg}, fmt.Errorf("%s: %s declares no function or type %s%s", subject, pkg.Path(), parts[0], nearest.DidYouMean(pkg.Name()+"."+parts[0], scopeNames(pkg)))
	}
	tn, _ := obj.(*types.TypeName)
	var named *types.Named
	if tn != nil {
		named, _ = types.Unalias(tn.Type()).(*types.Named)
	}
	if named == nil {
		return member{pkg: pkg}, fmt.Errorf("%s: %s declares no type %s%s", subject, pkg.Path(), parts[0], nearest.DidYouMean(pkg.Name()+"."+parts[0], scopeNames(pkg)))
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
	return member{pkg: pkg}, fmt.Errorf("%s: %s.%s has no method or field %s%s", subject, pkg.Name(), parts[0], parts[1], nearest.DidYouMean(written, memberNames(pkg.Name()+"."+parts[0], named)))
}

// unknownPackage says what is wrong with a declaration of pkg's own source
// whose package is not in view: a path near one in view is a typo (tme
// for time, core/hots for core/host); in a main package, which nothing
// imports, a declaration of a package it does not depend on applies to
// nothing. A library's may still apply to its importers: nil.
func unknownPackage(view map[string]*types.Package, d Declaration, pkg *types.Package) error {
	path := declaredPath(d.name)
	var paths []string
	for p := range view {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	subject := d.form + " " + d.name
	if near := nearest.Names(path, paths); len(near) > 0 {
		return fmt.Errorf("%s: no package %s is among the packages %s depends on; did you mean %s?", subject, path, pkg.Name(), strings.Join(near, " or "))
	}
	if pkg.Name() == "main" {
		return fmt.Errorf("%s applies to nothing: command %s does not depend on a package %s, and no package imports a command", subject, pkg.Path(), path)
	}
	return nil
}

// mistypedPackage says what is wrong with a declaration of the settings
// or a confinecheck.conf file whose package is not in view, when its path
// is a typo of one in view: it differs from a sibling's in at most two
// letters, and neither name extends the other (lib and lib2 are two
// packages). Such declarations serve many packages, most of which do not
// depend on what they name: a path merely near one in view is no mistake.
func mistypedPackage(view map[string]*types.Package, d Declaration) error {
	path := declaredPath(d.name)
	dir, base := splitPath(path)
	var near []string
	for p := range view {
		pdir, pbase := splitPath(p)
		if pdir == dir && nearest.Distance(base, pbase) <= 2 && !strings.HasPrefix(base, pbase) && !strings.HasPrefix(pbase, base) {
			near = append(near, p)
		}
	}
	if len(near) == 0 {
		return nil
	}
	slices.Sort(near)
	return fmt.Errorf("%s %s: no package %s is in view; did you mean %s?", d.form, d.name, path, strings.Join(near, " or "))
}

// splitPath splits a package path at its last slash.
func splitPath(path string) (dir, base string) {
	i := strings.LastIndex(path, "/")
	return path[:i+1], path[i+1:]
}

// declaredPath is the package path a declared NAME starts with: up to the
// first dot after its last slash ("example.com/lib" of
// "example.com/lib.(*Client).Post").
func declaredPath(name string) string {
	head, _, _ := strings.Cut(name, "(")
	slash := strings.LastIndex(head, "/")
	if dot := strings.Index(head[slash+1:], "."); dot >= 0 {
		return head[:slash+1+dot]
	}
	return head
}

// SplitPackage splits "path.Rest" at the longest package path in view.
func SplitPackage(view map[string]*types.Package, name string) (*types.Package, string) {
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
	var found []string
	mset := names.AddressableMethodSet(named)
	for sel := range mset.Methods() {
		found = append(found, sel.Obj().Name())
	}
	if st, ok := named.Underlying().(*types.Struct); ok {
		for field := range st.Fields() {
			found = append(found, field.Name())
		}
	}
	slices.Sort(found)
	for i, name := range found {
		found[i] = prefix + "." + name
	}
	return found
}

// AddImplemented adds to k what declarations say about the interface
// methods fn implements: a declaration on an interface method covers the
// implementations in view.
func (c *Declared) AddImplemented(fn *types.Func, k *Fact) {
	recv := fn.Signature().Recv()
	if recv == nil || names.IsInterfaceMethod(fn) {
		return
	}
	for _, m := range c.methods {
		if m.Name() != fn.Name() {
			continue
		}
		iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
		if iface != nil && (types.Implements(recv.Type(), iface) || types.Implements(types.NewPointer(recv.Type()), iface)) {
			mergeFact(k, c.Objects[m])
		}
	}
}
