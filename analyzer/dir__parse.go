package analyzer

// This file parses and validates //confined:* directives. It is the only
// place that reads comments; everything downstream sees directiveFacts.

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/confinecheck/confinecheck/internal/nearest"
)

// An ignoreDirective suppresses the finding on its line, and when it stands
// on a line of its own, the finding on the next line.
type ignoreDirective struct {
	pos, end token.Pos
	file     string
	line     int
	trailing bool // it follows code on its line
	used     bool
}

// directiveSet is what one package declares.
type directiveSet struct {
	objects      map[types.Object]*directiveFact
	ignores      []*ignoreDirective
	declarations []declaration // its //confined:declare lines, in source order
}

// directiveParser walks a package's syntax once and attaches directives to the
// objects they document, reporting anything malformed or misplaced.
type directiveParser struct {
	pass     *analysis.Pass
	set      *directiveSet
	consumed map[*ast.Comment]bool
}

func parseDirectives(pass *analysis.Pass) *directiveSet {
	p := &directiveParser{
		pass:     pass,
		set:      &directiveSet{objects: make(map[types.Object]*directiveFact)},
		consumed: make(map[*ast.Comment]bool),
	}
	// Types first: whether a method or field may be ":any" depends on them.
	for _, f := range pass.Files {
		if !mentionsConfined(f) {
			continue // most files of most packages: nothing to look for
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if decl, ok := n.(*ast.GenDecl); ok && decl.Tok == token.TYPE {
				for _, spec := range decl.Specs {
					p.typeSpec(decl, spec.(*ast.TypeSpec))
				}
			}
			return true
		})
	}
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				p.funcDecl(fd)
			}
		}
	}
	for _, f := range pass.Files {
		p.leftovers(f)
	}
	return p.set
}

// mentionsConfined reports whether any comment of f could be a directive.
func mentionsConfined(f *ast.File) bool {
	for _, g := range f.Comments {
		for _, c := range g.List {
			if strings.Contains(c.Text, "confined") {
				return true
			}
		}
	}
	return false
}

// docDirectives returns the directives in the given comment groups, marking
// them consumed and reporting malformed ones.
func (p *directiveParser) docDirectives(allowGofmtMarker bool, groups ...*ast.CommentGroup) []directive {
	var out []directive
	for _, g := range groups {
		if g == nil {
			continue
		}
		for _, c := range g.List {
			if allowGofmtMarker && isGofmtMarker(c.Text) {
				p.consumed[c] = true
				out = append(out, directive{verb: verbOwner, pos: c.Pos(), end: c.End()})
				continue
			}
			verb, args, ok, err := parseDirective(c.Text)
			if !ok || verb == verbIgnore || verb == verbDeclare {
				continue // collected by leftovers, wherever they are
			}
			p.consumed[c] = true
			if err != nil {
				p.reportMalformed(c, verb, err)
				continue
			}
			domain, args, _ := splitDomain(verb, "", args) // parseDirective checked it
			out = append(out, directive{verb: verb, args: args, domain: domain, pos: c.Pos(), end: c.End()})
		}
	}
	return out
}

func (p *directiveParser) typeSpec(decl *ast.GenDecl, spec *ast.TypeSpec) {
	doc := spec.Doc
	if doc == nil && len(decl.Specs) == 1 {
		doc = decl.Doc
	}
	obj := p.pass.TypesInfo.Defs[spec.Name]
	for _, d := range p.docDirectives(true, doc, spec.Comment) {
		if spec.Assign.IsValid() {
			p.pass.Reportf(d.pos, "//confined:%s on the alias %s has no effect; put it on the type the alias names", d.verb, spec.Name.Name)
			continue
		}
		if obj != nil {
			p.add(member{obj: obj}, d)
		}
	}
	confined := obj != nil && p.isConfinedHere(obj)
	switch t := spec.Type.(type) {
	case *ast.StructType:
		p.fields(t, confined, spec.Name.Name)
	case *ast.InterfaceType:
		p.interfaceMethods(t, confined, spec.Name.Name)
	}
}

func (p *directiveParser) fields(st *ast.StructType, typeConfined bool, typeName string) {
	for _, field := range st.Fields.List {
		if nested, ok := field.Type.(*ast.StructType); ok && len(field.Names) > 0 {
			// Fields of an anonymous struct field belong to the same value.
			p.fields(nested, typeConfined, typeName+"."+field.Names[0].Name)
		}
		ds := p.docDirectives(false, field.Doc, field.Comment)
		if len(ds) == 0 {
			continue
		}
		var objs []types.Object
		for _, name := range field.Names {
			objs = append(objs, p.pass.TypesInfo.Defs[name])
		}
		if len(field.Names) == 0 { // embedded field
			if obj := p.pass.TypesInfo.Implicits[field]; obj != nil {
				objs = append(objs, obj)
			} else if id := embeddedIdent(field.Type); id != nil {
				objs = append(objs, p.pass.TypesInfo.Defs[id])
			}
		}
		for _, d := range ds {
			for _, obj := range objs {
				if obj != nil {
					p.add(member{obj: obj, of: typeName, confined: typeConfined}, d)
				}
			}
		}
	}
}

// embeddedIdent returns the identifier naming an embedded field's type.
func embeddedIdent(e ast.Expr) *ast.Ident {
	for {
		switch t := e.(type) {
		case *ast.Ident:
			return t
		case *ast.StarExpr:
			e = t.X
		case *ast.SelectorExpr:
			return t.Sel
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		default:
			return nil
		}
	}
}

func (p *directiveParser) interfaceMethods(it *ast.InterfaceType, typeConfined bool, typeName string) {
	for _, m := range it.Methods.List {
		ds := p.docDirectives(false, m.Doc, m.Comment)
		if len(ds) == 0 {
			continue
		}
		if len(m.Names) == 0 {
			p.pass.Reportf(ds[0].pos, "//confined:%s on an embedded interface or type constraint has no effect; annotate the methods themselves", ds[0].verb)
			continue
		}
		if fn, _ := p.pass.TypesInfo.Defs[m.Names[0]].(*types.Func); fn != nil {
			for _, d := range ds {
				p.add(member{obj: fn, of: typeName, confined: typeConfined}, d)
			}
		}
	}
}

func (p *directiveParser) funcDecl(fd *ast.FuncDecl) {
	ds := p.docDirectives(false, fd.Doc)
	fn, _ := p.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	m := member{obj: fn}
	if named := receiverNamed(fn); named != nil {
		m.of, m.confined = named.Obj().Name(), p.isConfinedHere(named.Origin().Obj())
	}
	for _, d := range ds {
		p.add(m, d)
	}
}

// isConfinedHere reports whether a type of this package was marked owner.
func (p *directiveParser) isConfinedHere(obj types.Object) bool {
	f := p.set.objects[obj]
	return f != nil && f.Owner
}

// add records d on m's object, or reports why it does not fit.
func (p *directiveParser) add(m member, d directive) {
	f := p.set.objects[m.obj]
	if f == nil {
		f = new(directiveFact)
	}
	if err := addDirective(f, m, d); err != nil {
		diag := analysis.Diagnostic{Pos: d.pos, Message: err.Error()}
		if d.verb == verbAny && !m.confined {
			diag.SuggestedFixes = removal(p.pass, d.pos, d.end, "remove the directive")
		}
		p.pass.Report(diag)
		return
	}
	p.set.objects[m.obj] = f
}

// leftovers collects ignore directives and reports directives that no
// declaration consumed: they sit where they mean nothing.
func (p *directiveParser) leftovers(f *ast.File) {
	for _, g := range f.Comments {
		for _, c := range g.List {
			if p.consumed[c] {
				continue
			}
			verb, args, ok, err := parseDirective(c.Text)
			if !ok {
				continue
			}
			if err != nil {
				p.reportMalformed(c, verb, err)
				continue
			}
			if verb == verbDeclare {
				p.declaration(c, args)
				continue
			}
			if verb == verbIgnore {
				pos := p.pass.Fset.Position(c.Pos())
				p.set.ignores = append(p.set.ignores, &ignoreDirective{pos: c.Pos(), end: c.End(), file: pos.Filename, line: pos.Line, trailing: p.followsCode(pos)})
				continue
			}
			p.pass.Reportf(c.Pos(), "misplaced //confined:%s: it must be in the doc comment of a %s", verb, placeFor(verb))
		}
	}
}

// followsCode reports whether anything but blanks precedes pos on its line.
func (p *directiveParser) followsCode(pos token.Position) bool {
	if p.pass.ReadFile == nil {
		return false
	}
	src, err := p.pass.ReadFile(pos.Filename)
	if err != nil || pos.Offset > len(src) {
		return false
	}
	start := bytes.LastIndexByte(src[:pos.Offset], '\n') + 1
	return len(bytes.TrimSpace(src[start:pos.Offset])) > 0
}

// reportMalformed reports the malformed directive c, offering the nearest
// verb when its verb is unknown and one known verb is near.
func (p *directiveParser) reportMalformed(c *ast.Comment, verb string, err error) {
	d := analysis.Diagnostic{Pos: c.Pos(), Message: err.Error()}
	if near := nearest.Names(verb, verbs); len(near) == 1 && verb != "" && !slices.Contains(verbs, verb) {
		start := c.Pos() + token.Pos(len("//confined:"))
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "write //confined:" + near[0],
			TextEdits: []analysis.TextEdit{{Pos: start, End: start + token.Pos(len(verb)), NewText: []byte(near[0])}},
		}}
	}
	p.pass.Report(d)
}

func (c *Engine) reportUnusedIgnores() {
	for _, ig := range c.dirs.ignores {
		if !ig.used {
			c.pass.Report(analysis.Diagnostic{
				Pos:            ig.pos,
				Message:        "this //confined:ignore suppresses nothing: no finding on its line or the next; remove it",
				SuggestedFixes: removal(c.pass, ig.pos, ig.end, "remove the directive"),
			})
		}
	}
}

// suppress reports whether an ignore directive covers a finding at p,
// marking the directive used.
func (s *directiveSet) suppress(p token.Position) bool {
	for _, ig := range s.ignores {
		if ig.file == p.Filename && (ig.line == p.Line || (ig.line == p.Line-1 && !ig.trailing)) {
			ig.used = true
			return true
		}
	}
	return false
}
