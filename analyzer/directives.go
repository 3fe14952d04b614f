package analyzer

// This file parses and validates //confined:* directives. It is the only
// place that reads comments; everything downstream sees directiveFacts.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Directive verbs, as written after "//confined:".
const (
	verbOwner     = "owner"
	verbAny       = "any"
	verbAsync     = "async"
	verbHop       = "hop"
	verbSync      = "sync"
	verbInherit   = "inherit"
	verbCompletes = "completes"
	verbLoop      = "loop"
	verbIgnore    = "ignore"
)

// Values of "//confined:completes".
const (
	completesAsync = "async"
	completesOwner = "owner"
)

// A directive is one parsed //confined comment line.
type directive struct {
	verb string
	args []string
	pos  token.Pos
}

// parseDirective reads one comment. ok is false for comments that are not
// directives; err is set for directives that are malformed on their own.
// The bare "//confined" is the owner marker; gofmt's "// confined" is accepted
// by the caller only where a type marker may stand (see markerOnly).
func parseDirective(text string) (verb string, args []string, ok bool, err error) {
	rest, found := strings.CutPrefix(text, "//confined")
	if !found {
		return "", nil, false, nil
	}
	switch {
	case strings.TrimSpace(rest) == "":
		return verbOwner, nil, true, nil
	case rest[0] != ':':
		return "", nil, false, nil // e.g. "//confinedness", not ours
	}
	fields := strings.Fields(rest[1:])
	if len(fields) == 0 {
		return "", nil, true, fmt.Errorf("directive %q has no verb; write //confined:owner, :any, :async, :hop, :sync, :inherit, :completes, :loop or :ignore", text)
	}
	verb, args = fields[0], fields[1:]
	switch verb {
	case verbOwner, verbAny, verbLoop:
		if len(args) > 0 {
			return verb, nil, true, fmt.Errorf("//confined:%s takes no arguments, got %q", verb, strings.Join(args, " "))
		}
	case verbAsync, verbHop, verbSync, verbInherit:
	case verbCompletes:
		if len(args) != 1 || (args[0] != completesAsync && args[0] != completesOwner) {
			return verb, args, true, fmt.Errorf("//confined:completes takes exactly one of %q or %q", completesAsync, completesOwner)
		}
	case verbIgnore:
		if len(args) == 0 {
			return verb, nil, true, fmt.Errorf("//confined:ignore needs a reason: say why this touch is safe")
		}
	default:
		return verb, args, true, fmt.Errorf("unknown directive //confined:%s; known verbs are owner, any, async, hop, sync, inherit, completes, loop and ignore", verb)
	}
	return verb, args, true, nil
}

// isGofmtMarker reports whether c is the "// confined" line gofmt makes of a
// bare "//confined"; it is a directive only on a type declaration.
func isGofmtMarker(text string) bool {
	return strings.TrimSpace(strings.TrimPrefix(text, "//")) == "confined" && strings.HasPrefix(text, "// ")
}

// An ignoreDirective suppresses the finding on its line, and when it stands
// on a line of its own, the finding on the next line.
type ignoreDirective struct {
	pos      token.Pos
	file     string
	line     int
	trailing bool // it follows code on its line
	used     bool
}

// directiveSet is what one package declares.
type directiveSet struct {
	objects map[types.Object]*directiveFact
	ignores []*ignoreDirective
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
				out = append(out, directive{verb: verbOwner, pos: c.Pos()})
				continue
			}
			verb, args, ok, err := parseDirective(c.Text)
			if !ok || verb == verbIgnore {
				continue // ignores are collected by leftovers, wherever they are
			}
			p.consumed[c] = true
			if err != nil {
				p.pass.Reportf(c.Pos(), "%v", err)
				continue
			}
			out = append(out, directive{verb: verb, args: args, pos: c.Pos()})
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
	confined := false
	for _, d := range p.docDirectives(true, doc, spec.Comment) {
		if spec.Assign.IsValid() {
			p.pass.Reportf(d.pos, "//confined:%s on the alias %s has no effect; put it on the type the alias names", d.verb, spec.Name.Name)
			continue
		}
		if d.verb != verbOwner {
			p.pass.Reportf(d.pos, "//confined:%s does not apply to a type; only //confined:owner (or the bare //confined) marks a type", d.verb)
			continue
		}
		if obj != nil {
			p.fact(obj).Owner = true
			confined = true
		}
	}
	switch t := spec.Type.(type) {
	case *ast.StructType:
		p.fields(t, confined, spec.Name.Name)
	case *ast.InterfaceType:
		p.interfaceMethods(t, confined)
	}
}

func (p *directiveParser) fields(st *ast.StructType, typeConfined bool, typeName string) {
	for _, field := range st.Fields.List {
		if nested, ok := field.Type.(*ast.StructType); ok && len(field.Names) > 0 {
			// Fields of an anonymous struct field belong to the same value.
			p.fields(nested, typeConfined, typeName+"."+field.Names[0].Name)
		}
		for _, d := range p.docDirectives(false, field.Doc, field.Comment) {
			switch d.verb {
			case verbOwner:
			case verbAny:
				if !typeConfined {
					p.pass.Reportf(d.pos, "//confined:any on a field of %s, which is not confined; mark the type //confined:owner or drop the directive", typeName)
					continue
				}
			default:
				p.pass.Reportf(d.pos, "//confined:%s does not apply to a struct field; fields take //confined:owner or //confined:any", d.verb)
				continue
			}
			for _, name := range field.Names {
				if obj := p.pass.TypesInfo.Defs[name]; obj != nil {
					p.apply(obj, d)
				}
			}
			if len(field.Names) == 0 { // embedded field
				if obj := p.pass.TypesInfo.Implicits[field]; obj != nil {
					p.apply(obj, d)
				} else if id := embeddedIdent(field.Type); id != nil {
					if obj := p.pass.TypesInfo.Defs[id]; obj != nil {
						p.apply(obj, d)
					}
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

func (p *directiveParser) interfaceMethods(it *ast.InterfaceType, typeConfined bool) {
	for _, m := range it.Methods.List {
		ds := p.docDirectives(false, m.Doc, m.Comment)
		if len(ds) == 0 {
			continue
		}
		if len(m.Names) == 0 {
			p.pass.Reportf(ds[0].pos, "//confined:%s on an embedded interface or type constraint has no effect; annotate the methods themselves", ds[0].verb)
			continue
		}
		fn, _ := p.pass.TypesInfo.Defs[m.Names[0]].(*types.Func)
		if fn == nil {
			continue
		}
		for _, d := range ds {
			switch {
			case d.verb == verbAny && !typeConfined:
				p.pass.Reportf(d.pos, "//confined:any on a method of an interface that is not confined; mark the interface //confined:owner or drop the directive")
			case d.verb == verbLoop:
				p.pass.Reportf(d.pos, "//confined:loop does not apply to an interface method")
			default:
				p.funcDirective(fn, d)
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
	for _, d := range ds {
		if d.verb == verbAny {
			if named := receiverNamed(fn); named == nil || !p.isConfinedHere(named) {
				p.pass.Reportf(d.pos, "//confined:any on %s, which is not a method of a confined type; mark the receiver type //confined:owner or drop the directive", fn.Name())
				continue
			}
		}
		p.funcDirective(fn, d)
	}
}

// isConfinedHere reports whether a type of this package was marked owner.
func (p *directiveParser) isConfinedHere(named *types.Named) bool {
	f := p.set.objects[named.Origin().Obj()]
	return f != nil && f.Owner
}

// funcDirective validates a directive on a function, method or interface
// method and records it.
func (p *directiveParser) funcDirective(fn *types.Func, d directive) {
	sig := fn.Signature()
	switch d.verb {
	case verbAsync, verbHop, verbSync, verbInherit:
		params, ok := p.funcParams(fn, sig, d)
		if !ok {
			return
		}
		if len(params) == 0 && d.verb != verbInherit {
			p.pass.Reportf(d.pos, "//confined:%s on %s, which has no func-typed parameter to run", d.verb, fn.Name())
			return
		}
		f := p.fact(fn)
		switch d.verb {
		case verbAsync:
			f.Async = mergeParams(f.Async, params)
		case verbHop:
			f.Hop = mergeParams(f.Hop, params)
		case verbSync:
			f.Sync = mergeParams(f.Sync, params)
		case verbInherit:
			f.Inherit = mergeParams(f.Inherit, params)
			f.Inherits = true
		}
		if a, b, both := conflictingParams(f); len(both) > 0 {
			p.pass.Reportf(d.pos, "parameter %s of %s is both //confined:%s and //confined:%s; it runs in one place: keep the one that is true", paramName(sig, both[0]), fn.Name(), a, b)
		}
	case verbCompletes:
		if sig.Results().Len() == 0 {
			p.pass.Reportf(d.pos, "//confined:completes on %s, which returns nothing; it belongs on a function returning a future or promise", fn.Name())
			return
		}
		f := p.fact(fn)
		if f.Completes != "" && f.Completes != d.args[0] {
			p.pass.Reportf(d.pos, "%s has conflicting //confined:completes directives (%s and %s)", fn.Name(), f.Completes, d.args[0])
			return
		}
		f.Completes = d.args[0]
	default:
		p.apply(fn, d)
	}
}

// apply records a flag-like directive (owner, any, loop).
func (p *directiveParser) apply(obj types.Object, d directive) {
	f := p.fact(obj)
	switch d.verb {
	case verbOwner:
		f.Owner = true
	case verbAny:
		f.Any = true
	case verbLoop:
		f.Loop = true
	}
	if f.Owner && f.Any {
		p.pass.Reportf(d.pos, "%s is marked both //confined:owner and //confined:any; keep the one that is true", obj.Name())
	}
}

// funcParams resolves a directive's PARAM list to receiver-inclusive argument
// indices of func-typed parameters (all of them when the list is empty).
func (p *directiveParser) funcParams(fn *types.Func, sig *types.Signature, d directive) ([]int, bool) {
	offset := 0
	if sig.Recv() != nil {
		offset = 1
	}
	params := sig.Params()
	var out []int
	if len(d.args) == 0 {
		for i := range params.Len() {
			if isFuncTyped(params.At(i).Type()) {
				out = append(out, i+offset)
			}
		}
		return out, true
	}
	for _, name := range d.args {
		i := slices.IndexFunc(slices.Collect(params.Variables()), func(v *types.Var) bool { return v.Name() == name })
		switch {
		case i < 0:
			p.pass.Reportf(d.pos, "//confined:%s names %q, which is not a parameter of %s", d.verb, name, fn.Name())
			return nil, false
		case !isFuncTyped(params.At(i).Type()):
			p.pass.Reportf(d.pos, "//confined:%s names parameter %s of %s, whose type %s is not a func", d.verb, name, fn.Name(), params.At(i).Type())
			return nil, false
		}
		out = append(out, i+offset)
	}
	return out, true
}

func paramName(sig *types.Signature, arg int) string {
	if sig.Recv() != nil {
		arg--
	}
	if arg < 0 || arg >= sig.Params().Len() {
		return fmt.Sprint(arg)
	}
	return sig.Params().At(arg).Name()
}

func (p *directiveParser) fact(obj types.Object) *directiveFact {
	f := p.set.objects[obj]
	if f == nil {
		f = new(directiveFact)
		p.set.objects[obj] = f
	}
	return f
}

// leftovers collects ignore directives and reports directives that no
// declaration consumed: they sit where they mean nothing.
func (p *directiveParser) leftovers(f *ast.File) {
	for _, g := range f.Comments {
		for _, c := range g.List {
			if p.consumed[c] {
				continue
			}
			verb, _, ok, err := parseDirective(c.Text)
			if !ok {
				continue
			}
			if err != nil {
				p.pass.Reportf(c.Pos(), "%v", err)
				continue
			}
			if verb == verbIgnore {
				pos := p.pass.Fset.Position(c.Pos())
				p.set.ignores = append(p.set.ignores, &ignoreDirective{pos: c.Pos(), file: pos.Filename, line: pos.Line, trailing: p.followsCode(pos)})
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

func placeFor(verb string) string {
	switch verb {
	case verbOwner:
		return "type, struct field, func, method or interface method"
	case verbAny:
		return "method or struct field of a confined type"
	case verbLoop:
		return "func or method"
	case verbCompletes:
		return "func or method returning a future"
	default:
		return "func, method or interface method"
	}
}

func isFuncTyped(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// receiverNamed returns the named type of fn's receiver, or nil.
func receiverNamed(fn *types.Func) *types.Named {
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}

func mergeParams(a, b []int) []int {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// conflictingParams returns two verbs that f gives the same parameter, and
// the parameters they share: a func runs off the owner (async), on it (hop)
// or on the caller while it waits (sync), not in two of these.
func conflictingParams(f *directiveFact) (string, string, []int) {
	sets := []struct {
		verb   string
		params []int
	}{{verbAsync, f.Async}, {verbHop, f.Hop}, {verbSync, f.Sync}}
	for i, a := range sets {
		for _, b := range sets[i+1:] {
			if both := intersect(a.params, b.params); len(both) > 0 {
				return a.verb, b.verb, both
			}
		}
	}
	return "", "", nil
}

func intersect(a, b []int) []int {
	var out []int
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
