package directive

// This file parses and validates //confined:* directives. It is the only
// place that reads comments; everything downstream sees directiveFacts.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/nearest"
	"golang.org/x/tools/go/analysis"
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

// A Set is what one package's comments declare.
type Set struct {
	// Objects holds what the directives say of each object they are on.
	Objects      map[types.Object]*Fact
	loopLiterals map[token.Pos]string // //confined:loop above go func(){...}(): the literal's position, its domain
	ignores      []*ignoreDirective
	declarations []Declaration // its //confined:declare lines, in source order
	// //confined:any on members of types no directive of the package
	// confines: they may implement a turn (see SettleAny).
	pendingAny []pendingAny
}

// A pendingAny is an any directive on a member of a type the package does
// not mark owner, and what to report if nothing else confines the type.
type pendingAny struct {
	m    member
	d    directive
	diag *analysis.Diagnostic // nil when no one reports it
}

// SettleAny records the pending //confined:any directives on members of
// the types confined says are confined (by implementing a turn, which
// only the model knows), and returns the diagnostics of the others.
func (s *Set) SettleAny(confined func(*types.TypeName) bool) []analysis.Diagnostic {
	diags := settleAny(s.pendingAny, s.Objects, confined)
	s.pendingAny = nil
	return diags
}

// settleAny records in objects the pending directives on members of the
// types confined says are confined, and returns the diagnostics of the
// others (nil for those no one reports).
func settleAny(pending []pendingAny, objects map[types.Object]*Fact, confined func(*types.TypeName) bool) []analysis.Diagnostic {
	var diags []analysis.Diagnostic
	for _, p := range pending {
		if !confined(p.m.ofType) {
			if p.diag != nil {
				diags = append(diags, *p.diag)
			}
			continue
		}
		f := objects[p.m.obj]
		if f == nil {
			f = new(Fact)
		}
		m := p.m
		m.confined = true
		if err := addDirective(f, m, p.d); err != nil {
			diags = append(diags, analysis.Diagnostic{Pos: p.d.pos, Message: err.Error()})
			continue
		}
		objects[p.m.obj] = f
	}
	return diags
}

// directiveParser walks a package's syntax once and attaches directives to the
// objects they document, reporting anything malformed or misplaced.
type directiveParser struct {
	pass     *analysis.Pass
	set      *Set
	consumed map[*ast.Comment]bool
	diags    []analysis.Diagnostic
}

// Parse reads the directives in the comments of the pass's files. It
// reports nothing itself: it returns what is malformed or misplaced, for
// the caller to report. Of the pass it reads only the files, their types
// and, for fixes, their text.
func Parse(pass *analysis.Pass) (*Set, []analysis.Diagnostic) {
	p := &directiveParser{
		pass:     pass,
		set:      &Set{Objects: make(map[types.Object]*Fact)},
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
				if fd.Body != nil && mentionsConfined(f) {
					p.goLoops(f, fd.Body)
				}
			}
		}
	}
	for _, f := range pass.Files {
		p.leftovers(f)
	}
	return p.set, p.diags
}

// mentionsConfined reports whether any comment of f could be a directive:
// a line comment starting with "confined" after the slashes and blanks
// (the spelling with a space is reported). Only the comments' first bytes
// are read: the files of a large build hold a lot of comment text.
func mentionsConfined(f *ast.File) bool {
	for _, g := range f.Comments {
		for _, c := range g.List {
			if startsConfined(c.Text) {
				return true
			}
		}
	}
	return false
}

// startsConfined reports whether text is "//", blanks, then "confined".
func startsConfined(text string) bool {
	if len(text) < 2 || text[0] != '/' || text[1] != '/' {
		return false
	}
	i := 2
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return strings.HasPrefix(text[i:], "confined")
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
				out = append(out, directive{verb: VerbOwner, pos: c.Pos(), end: c.End()})
				continue
			}
			verb, args, ok, err := ParseComment(c.Text)
			if !ok || verb == VerbIgnore || verb == VerbDeclare {
				continue // collected by leftovers, wherever they are
			}
			p.consumed[c] = true
			if err != nil {
				p.reportMalformed(c, verb, err)
				continue
			}
			domain, args, _ := SplitDomain(verb, "", args) // ParseComment checked it
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
			p.reportf(d.pos, "//confined:%s on the alias %s has no effect; put it on the type the alias names", d.verb, spec.Name.Name)
			continue
		}
		if obj != nil {
			p.add(member{obj: obj}, d)
		}
	}
	confined := obj != nil && p.isConfinedHere(obj)
	switch t := spec.Type.(type) {
	case *ast.StructType:
		tn, _ := obj.(*types.TypeName)
		p.fields(t, confined, spec.Name.Name, tn)
	case *ast.InterfaceType:
		p.interfaceMethods(t, confined, spec.Name.Name)
	}
}

func (p *directiveParser) fields(st *ast.StructType, typeConfined bool, typeName string, typeObj *types.TypeName) {
	for _, field := range st.Fields.List {
		if nested, ok := field.Type.(*ast.StructType); ok && len(field.Names) > 0 {
			// Fields of an anonymous struct field belong to the same value.
			p.fields(nested, typeConfined, typeName+"."+field.Names[0].Name, typeObj)
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
					p.add(member{obj: obj, of: typeName, ofType: typeObj, confined: typeConfined}, d)
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
			p.reportf(ds[0].pos, "//confined:%s on an embedded interface or type constraint has no effect; annotate the methods themselves", ds[0].verb)
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
	if named := names.ReceiverNamed(fn); named != nil {
		m.of, m.ofType, m.confined = named.Obj().Name(), named.Origin().Obj(), p.isConfinedHere(named.Origin().Obj())
	}
	for _, d := range ds {
		p.add(m, d)
	}
}

// isConfinedHere reports whether a type of this package was marked owner.
func (p *directiveParser) isConfinedHere(obj types.Object) bool {
	f := p.set.Objects[obj]
	return f != nil && f.Owner
}

// add records d on m's object, or reports why it does not fit.
func (p *directiveParser) add(m member, d directive) {
	f := p.set.Objects[m.obj]
	if f == nil {
		f = new(Fact)
	}
	if err := addDirective(f, m, d); err != nil {
		diag := analysis.Diagnostic{Pos: d.pos, Message: err.Error()}
		if d.verb == VerbAny && !m.confined {
			diag.SuggestedFixes = fix.Removal(p.pass, d.pos, d.end, "remove the directive")
			if m.ofType != nil {
				p.set.pendingAny = append(p.set.pendingAny, pendingAny{m, d, &diag})
				return
			}
		}
		p.report(diag)
		return
	}
	p.set.Objects[m.obj] = f
}

// leftovers collects ignore directives and reports directives that no
// declaration consumed: they sit where they mean nothing.
func (p *directiveParser) leftovers(f *ast.File) {
	for _, g := range f.Comments {
		for _, c := range g.List {
			if p.consumed[c] {
				continue
			}
			verb, args, ok, err := ParseComment(c.Text)
			if !ok {
				p.spacedDirective(c)
				continue
			}
			if err != nil {
				p.reportMalformed(c, verb, err)
				continue
			}
			if verb == VerbDeclare {
				p.declaration(c, args)
				continue
			}
			if verb == VerbIgnore {
				pos := p.pass.Fset.Position(c.Pos())
				p.set.ignores = append(p.set.ignores, &ignoreDirective{pos: c.Pos(), end: c.End(), file: pos.Filename, line: pos.Line, trailing: p.followsCode(pos)})
				continue
			}
			p.reportf(c.Pos(), "misplaced //confined:%s: it must be in the doc comment of a %s", verb, placeFor(verb))
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
		d.SuggestedFixes = fix.Replacement(start, start+token.Pos(len(verb)), near[0], "write //confined:"+near[0])
	}
	p.report(d)
}

// spacedDirective reports "// confined:VERB", a directive with a space
// after "//", which Go does not take as a directive and gofmt leaves as
// prose, when VERB is a verb or near one; the fix removes the space.
func (p *directiveParser) spacedDirective(c *ast.Comment) {
	body, ok := strings.CutPrefix(c.Text, "//")
	if !ok || body == strings.TrimLeft(body, " \t") {
		return
	}
	rest, ok := strings.CutPrefix(strings.TrimLeft(body, " \t"), "confined:")
	if !ok {
		return
	}
	word, _, _ := strings.Cut(rest, " ")
	if word == "" || !slices.Contains(verbs, word) && len(nearest.Names(word, verbs)) == 0 {
		return // prose: "// confined: only the loop touches it"
	}
	rest, _, _ = strings.Cut(rest, " //") // a trailing comment stays one
	rest = strings.TrimSpace(rest)
	start := c.Pos() + token.Pos(strings.Index(c.Text, "confined:"))
	written := "//confined:" + rest
	p.report(analysis.Diagnostic{
		Pos:            c.Pos(),
		Message:        fmt.Sprintf("%q is not a directive: Go takes a comment as a directive only with no space after //; write %s", c.Text[:int(start-c.Pos())]+"confined:"+rest, written),
		SuggestedFixes: fix.Replacement(c.Pos(), start, "//", "write "+written),
	})
}

func (p *directiveParser) report(d analysis.Diagnostic) { p.diags = append(p.diags, d) }

func (p *directiveParser) reportf(pos token.Pos, format string, args ...any) {
	p.report(analysis.Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}

// UnusedIgnores are the findings of the ignore directives that suppressed
// nothing, each with the fix removing it.
func (s *Set) UnusedIgnores(pass *analysis.Pass) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, ig := range s.ignores {
		if !ig.used {
			out = append(out, analysis.Diagnostic{
				Pos:            ig.pos,
				Message:        "this //confined:ignore suppresses nothing: no finding on its line or the next; remove it",
				SuggestedFixes: fix.Removal(pass, ig.pos, ig.end, "remove the directive"),
			})
		}
	}
	return out
}

// Suppress reports whether an ignore directive covers a finding at p,
// marking the directive used.
func (s *Set) Suppress(p token.Position) bool {
	for _, ig := range s.ignores {
		if ig.file == p.Filename && (ig.line == p.Line || (ig.line == p.Line-1 && !ig.trailing)) {
			ig.used = true
			return true
		}
	}
	return false
}

// goLoops attaches a //confined:loop on the line above a go statement whose
// function is a literal to that literal: the goroutine is the owner's loop.
func (p *directiveParser) goLoops(f *ast.File, body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		g, ok := n.(*ast.GoStmt)
		if !ok {
			return true
		}
		lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit)
		if !ok {
			return true
		}
		line := p.pass.Fset.Position(g.Pos()).Line
		// The comment group that ends right before the statement.
		i := sort.Search(len(f.Comments), func(i int) bool { return f.Comments[i].End() > g.Pos() }) - 1
		if i < 0 {
			return true
		}
		for _, c := range f.Comments[i].List {
			if p.consumed[c] || p.pass.Fset.Position(c.Pos()).Line != line-1 {
				continue
			}
			verb, args, ok, err := ParseComment(c.Text)
			if !ok || verb != VerbLoop {
				continue
			}
			p.consumed[c] = true
			if err != nil {
				p.reportMalformed(c, verb, err)
				continue
			}
			domain, _, _ := SplitDomain(verb, "", args) // ParseComment checked it
			if p.set.loopLiterals == nil {
				p.set.loopLiterals = make(map[token.Pos]string)
			}
			p.set.loopLiterals[lit.Pos()] = domain
		}
		return true
	})
}

// LoopLiteral reports whether the func literal at pos is an owner's loop
// (a //confined:loop stands above the go statement running it), and its
// domain.
func (s *Set) LoopLiteral(pos token.Pos) (domain string, ok bool) {
	domain, ok = s.loopLiterals[pos]
	return domain, ok
}
