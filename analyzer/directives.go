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

	"github.com/confinecheck/confinecheck/internal/nearest"
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
	verbDeclare   = "declare"
)

// verbs lists the directive verbs in the order messages name them.
var verbs = []string{verbOwner, verbAny, verbAsync, verbHop, verbSync, verbInherit, verbCompletes, verbLoop, verbIgnore, verbDeclare}

// knownVerbs is verbs as a message lists them.
func knownVerbs(vs []string) string {
	return strings.Join(vs[:len(vs)-1], ", ") + " and " + vs[len(vs)-1]
}

// A directive is one parsed //confined comment line, or what a declaration
// says (see declare.go).
type directive struct {
	verb   string
	args   []string // PARAM names, or completes' value
	domain string   // the owner an owner, loop or hop directive names, without "@"
	pos    token.Pos
	end    token.Pos // of the comment
	// form is how messages spell the directive: "//confined:hop" in a doc
	// comment, "//confined:declare hop" or "-hop" for a declaration.
	form string
}

// spelling is how messages name d.
func (d directive) spelling() string {
	if d.form != "" {
		return d.form
	}
	return "//confined:" + d.verb
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
		return "", nil, true, fmt.Errorf("directive %q has no verb; write //confined:VERB, where VERB is one of %s", text, knownVerbs(verbs))
	}
	verb, args = fields[0], fields[1:]
	switch verb {
	case verbOwner, verbAny, verbLoop:
		if _, rest, err := splitDomain(verb, "//confined:"+verb, args); err != nil {
			return verb, args, true, err
		} else if len(rest) > 0 {
			return verb, nil, true, fmt.Errorf("//confined:%s takes no arguments, got %q%s", verb, strings.Join(rest, " "), domainUsage(verb))
		}
	case verbAsync, verbHop, verbSync, verbInherit:
		if _, _, err := splitDomain(verb, "//confined:"+verb, args); err != nil {
			return verb, args, true, err
		}
	case verbCompletes:
		if _, err := parseCompletion(args); err != nil {
			return verb, args, true, err
		}
	case verbIgnore:
		if len(args) == 0 {
			return verb, nil, true, fmt.Errorf("//confined:ignore needs a reason: say why this touch is safe")
		}
	case verbDeclare:
		if len(args) < 2 {
			return verb, args, true, fmt.Errorf("//confined:declare needs a verb and a name, as in //confined:declare hop example.com/lib.(*Client).Post")
		}
	default:
		return verb, args, true, fmt.Errorf("unknown directive //confined:%s; known verbs are %s%s", verb, knownVerbs(verbs), nearest.DidYouMean(verb, verbs))
	}
	return verb, args, true, nil
}

// splitDomain takes the @DOMAIN that owner, loop and hop may name first
// among args. It returns the domain without "@" ("" for none) and the rest.
// form is how messages spell the directive ("//confined:hop").
func splitDomain(verb, form string, args []string) (domain string, rest []string, err error) {
	for i, a := range args {
		name, ok := strings.CutPrefix(a, "@")
		switch {
		case !ok:
			continue
		case !takesDomain(verb):
			return "", nil, fmt.Errorf("%s takes no @DOMAIN (%s): only owner, loop and hop name an owner", form, a)
		case i > 0:
			return "", nil, fmt.Errorf("%s names its domain first: write %s %s %s", form, form, a, strings.Join(slices.Delete(slices.Clone(args), i, i+1), " "))
		case !token.IsIdentifier(name):
			return "", nil, fmt.Errorf("%s names the domain %q, which is not a name; write @NAME, as in @raft", form, a)
		}
		domain = name
	}
	if domain != "" {
		args = args[1:]
	}
	return domain, args, nil
}

func takesDomain(verb string) bool {
	return verb == verbOwner || verb == verbLoop || verb == verbHop
}

// domainUsage is what a message about verb's arguments adds for its
// @DOMAIN.
func domainUsage(verb string) string {
	if takesDomain(verb) {
		return "; only the owner it names may come first, as in " + verb + " @raft"
	}
	return ""
}

// isGofmtMarker reports whether c is the "// confined" line gofmt makes of a
// bare "//confined"; it is a directive only on a type declaration.
func isGofmtMarker(text string) bool {
	return strings.TrimSpace(strings.TrimPrefix(text, "//")) == "confined" && strings.HasPrefix(text, "// ")
}

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

// A member is what a directive is about: a type, a struct field, or a
// function, method or interface method.
type member struct {
	obj      types.Object // *types.TypeName, *types.Var or *types.Func
	of       string       // the type a field or method belongs to, for messages
	confined bool         // obj is a field or method of a confined type
	// A declaration's NAME may reach obj through another type: a method
	// promoted into an interface or struct from an embedded one.
	parent  *types.Named // the type NAME names obj through, if any
	written string       // NAME as a user writes it in Go: "actor.Context.ReenterAfter"
}

// name is how messages name m.
func (m member) name() string {
	if m.written != "" {
		return m.written
	}
	return m.obj.Name()
}

// addDirective records in f what d says about m, or returns why d does not
// fit m. It holds the rules every spelling shares: directives in doc
// comments, //confined:declare lines, -declare files and flags.
func addDirective(f *directiveFact, m member, d directive) error {
	switch obj := m.obj.(type) {
	case *types.TypeName:
		if d.verb != verbOwner {
			return fmt.Errorf("%s does not apply to a type; only //confined:owner (or the bare //confined) marks a type", d.spelling())
		}
		if err := setDomain(&f.Domain, f.Owner, m, d); err != nil {
			return err
		}
		f.Owner = true
		return nil
	case *types.Var:
		switch {
		case d.verb != verbOwner && d.verb != verbAny:
			return fmt.Errorf("%s does not apply to a struct field; fields take //confined:owner or //confined:any", d.spelling())
		case d.verb == verbAny && !m.confined:
			return fmt.Errorf("%s on a field of %s, which is not confined; mark the type //confined:owner or drop the directive", d.spelling(), m.of)
		}
	case *types.Func:
		if err := addFuncDirective(f, obj, m, d); err != nil || d.verb != verbOwner && d.verb != verbAny {
			return err
		}
	}
	if d.verb == verbOwner {
		if err := setDomain(&f.Domain, f.Owner || f.Loop, m, d); err != nil {
			return err
		}
		f.Owner = true
	} else {
		f.Any = true
	}
	if f.Owner && f.Any {
		return fmt.Errorf("%s is marked both //confined:owner and //confined:any; keep the one that is true", m.name())
	}
	return nil
}

// setDomain records the domain d names in *domain; set says whether an
// earlier directive of m already chose one, which d must agree with.
func setDomain(domain *string, set bool, m member, d directive) error {
	if set && *domain != d.domain {
		return fmt.Errorf("%s names %s, but %s already runs on or belongs to %s; one owner: keep the one that is true", d.spelling(), domainName(d.domain), m.name(), domainName(*domain))
	}
	*domain = d.domain
	return nil
}

// addFuncDirective handles the verbs of functions and methods; owner and
// any it only checks, for addDirective to record.
func addFuncDirective(f *directiveFact, fn *types.Func, m member, d directive) error {
	sig := fn.Signature()
	iface := isInterfaceMethod(fn)
	switch d.verb {
	case verbAny:
		if !m.confined && iface {
			return fmt.Errorf("%s on a method of an interface that is not confined; mark the interface //confined:owner or drop the directive", d.spelling())
		}
		if !m.confined {
			return fmt.Errorf("%s on %s, which is not a method of a confined type; mark the receiver type //confined:owner or drop the directive", d.spelling(), m.name())
		}
	case verbLoop:
		if iface {
			return fmt.Errorf("%s does not apply to an interface method", d.spelling())
		}
		if err := setDomain(&f.Domain, f.Owner || f.Loop, m, d); err != nil {
			return err
		}
		f.Loop = true
	case verbAsync, verbHop, verbSync, verbInherit:
		params, err := funcParams(fn, m.name(), d)
		if err != nil {
			return err
		}
		if len(params) == 0 && d.verb != verbInherit {
			return fmt.Errorf("%s on %s, which has no func-typed parameter to run", d.spelling(), m.name())
		}
		switch d.verb {
		case verbAsync:
			f.Async = mergeParams(f.Async, params)
		case verbHop:
			if err := setDomain(&f.HopTo, len(f.Hop) > 0, m, d); err != nil {
				return err
			}
			f.Hop = mergeParams(f.Hop, params)
		case verbSync:
			f.Sync = mergeParams(f.Sync, params)
		case verbInherit:
			f.Inherit = mergeParams(f.Inherit, params)
			f.Combinator = true
		}
		if a, b, both := conflictingParams(f); len(both) > 0 {
			return fmt.Errorf("parameter %s of %s is both //confined:%s and //confined:%s; it runs in one place: keep the one that is true", paramName(sig, both[0]), m.name(), a, b)
		}
	case verbCompletes:
		if err := returnsFuture(sig); err != nil {
			return fmt.Errorf("%s on %s, which %v; it belongs on a function returning a future or promise", d.spelling(), m.name(), err)
		}
		done, err := parseCompletion(d.args)
		if err != nil {
			return err
		}
		if f.Completes != completesUnknown && f.Completes != done {
			return fmt.Errorf("%s has conflicting //confined:completes directives (%s and %s)", m.name(), f.Completes, done)
		}
		f.Completes = done
	}
	return nil
}

// parseCompletion reads the argument of //confined:completes.
func parseCompletion(args []string) (Completion, error) {
	if len(args) == 1 {
		switch args[0] {
		case completesOffOwner.String():
			return completesOffOwner, nil
		case completesOnOwner.String():
			return completesOnOwner, nil
		}
	}
	return completesUnknown, fmt.Errorf("//confined:completes takes exactly one of %q or %q", completesOffOwner, completesOnOwner)
}

// returnsFuture says why sig cannot return a future, or returns nil: a
// future or promise is a pointer, a named non-basic type, an interface or a
// channel.
func returnsFuture(sig *types.Signature) error {
	if sig.Results().Len() == 0 {
		return fmt.Errorf("returns nothing")
	}
	if t := sig.Results().At(0).Type(); isBasic(t) {
		return fmt.Errorf("returns %s", t)
	}
	return nil
}

func isBasic(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// isInterfaceMethod reports whether fn is declared in an interface.
func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// funcParams resolves a directive's PARAM list to argument indices of
// func-typed parameters (all of them when the list is empty).
func funcParams(fn *types.Func, name string, d directive) ([]int, error) {
	params := fn.Signature().Params()
	var out []int
	if len(d.args) == 0 {
		for i := range params.Len() {
			if isFuncTyped(params.At(i).Type()) {
				out = append(out, argIndex(fn.Signature(), i))
			}
		}
		return out, nil
	}
	for _, param := range d.args {
		i := slices.IndexFunc(slices.Collect(params.Variables()), func(v *types.Var) bool { return v.Name() == param })
		switch {
		case i < 0:
			var names []string
			for v := range params.Variables() {
				if isFuncTyped(v.Type()) {
					names = append(names, v.Name())
				}
			}
			return nil, fmt.Errorf("%s names %q, which is not a parameter of %s%s", d.spelling(), param, name, nearest.DidYouMean(param, names))
		case !isFuncTyped(params.At(i).Type()):
			return nil, fmt.Errorf("%s names parameter %s of %s, whose type %s is not a func", d.spelling(), param, name, params.At(i).Type())
		}
		out = append(out, argIndex(fn.Signature(), i))
	}
	return out, nil
}

// argIndex is the call argument index of parameter i of sig: a receiver
// is argument 0, as in SSA calls and directiveFacts.
func argIndex(sig *types.Signature, i int) int {
	if sig.Recv() != nil {
		return i + 1
	}
	return i
}

// paramName is the name of the parameter at argument index arg of sig.
func paramName(sig *types.Signature, arg int) string {
	for i := range sig.Params().Len() {
		if argIndex(sig, i) == arg {
			return sig.Params().At(i).Name()
		}
	}
	return fmt.Sprint(arg)
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
