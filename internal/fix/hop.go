package fix

// This file builds the suggested fix of a finding inside off-owner code:
// wrap the statements that touch confined state in a hop back to the
// owner, m.loop.helper() becoming m.self.Execute(func() { m.loop.helper() }).
// It offers one only when a hop sink can be called from the literal (a hop
// method of a variable in scope or of one of its fields, or an imported hop
// function whose owner argument is such a value) and the result means the
// same apart from where it runs: nothing defined in the wrapped statements
// is used after them, no return, break, continue, goto or defer leaves
// them, and nothing they read is assigned elsewhere in the literal. In a
// future's callback, "return X" becomes "return pkg.Hop(owner, func() T {
// return X })" when a hop function returns a future to chain on.

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/analysis"
)

// Model is what a hop fix needs to know of the directives in force.
type Model interface {
	// HopTarget returns the arguments fn runs on an owner, and that
	// owner's domain; none when fn is no hop sink.
	HopTarget(fn *types.Func) (hop []int, domain string)
	// ImportedHopSinks are the hop sinks the package's imports pass on.
	ImportedHopSinks() []HopSink
	// ReadableAnywhere reports whether field f of a value of type t may be
	// read off the owner.
	ReadableAnywhere(t types.Type, f *types.Var) bool
	// CallableAnywhere reports whether calling the method m touches no
	// confined state, whatever it does.
	CallableAnywhere(m *types.Func) bool
	// ChannelHop reports whether the funcs sent on the channel field f run
	// on an owner, and that owner's domain.
	ChannelHop(f *types.Var) (domain string, ok bool)
	// RegistersCallbacks reports whether the hop fn registers its funcs
	// with a value of the owner's (see HopSink.Registers).
	RegistersCallbacks(fn *types.Func) bool
}

// A HopFix is what a finding gets from the fix of its statements: the hop
// the fix goes through, which its hint names, and, for the first finding
// of the statements, the fix itself.
type HopFix struct {
	Via string
	Fix *analysis.SuggestedFix
}

// A hopFixer builds the hop fixes of one pass.
type hopFixer struct {
	pass     *analysis.Pass
	model    Model
	blocking *blocking
}

// HopFixes returns, for the findings at positions inside the off-owner
// func literal lit that touch domain's state, the fixes of their groups of
// statements, by position. future says lit is a future's callback. others
// are the literal's findings that touch another domain's state: a group
// that holds one gets no fix, since the hop would leave it reported.
func HopFixes(pass *analysis.Pass, model Model, lit ast.Node, future bool, domain string, positions, others []token.Pos) map[token.Pos]HopFix {
	return (&hopFixer{pass, model, newBlocking(pass, true)}).fixes(lit, future, domain, positions, others)
}

func (c *hopFixer) fixes(node ast.Node, future bool, domain string, positions, others []token.Pos) map[token.Pos]HopFix {
	lit, _ := node.(*ast.FuncLit)
	if lit == nil {
		return nil
	}
	file := names.FileOf(c.pass.Files, lit.Pos())
	if file == nil || c.pass.ReadFile == nil {
		return nil
	}
	src, err := c.pass.ReadFile(c.pass.Fset.File(lit.Pos()).Name())
	if err != nil {
		return nil
	}
	groups := c.splitAtStaying(statementGroups(file, lit, positions))
	fixes := make(map[token.Pos]HopFix)
	for _, g := range groups {
		if slices.ContainsFunc(others, g.holds) {
			continue
		}
		edit, ok := c.hopEdit(file, lit, g, future, domain, src)
		if !ok {
			continue
		}
		edits := []analysis.TextEdit{{Pos: g.stmts[0].Pos(), End: g.stmts[len(g.stmts)-1].End(), NewText: edit.text}}
		if edit.importPath != "" {
			imp, ok := importEdit(file, edit.importPath)
			if !ok {
				continue
			}
			edits = append([]analysis.TextEdit{imp}, edits...)
		}
		for _, pos := range g.positions {
			fixes[pos] = HopFix{Via: edit.via}
		}
		fixes[g.positions[0]] = HopFix{edit.via, &analysis.SuggestedFix{Message: "run the touching statements on the owner through " + edit.via, TextEdits: edits}}
	}
	return fixes
}

// A hopEditText is the replacement of a statement group, and the hop it
// goes through.
type hopEditText struct {
	text       []byte
	via        string
	importPath string // to add to the file's imports
}

// hopEdit builds the replacement of g, which hops to domain, or reports
// that none is safe.
func (c *hopFixer) hopEdit(file *ast.File, lit *ast.FuncLit, g statementGroup, future bool, domain string, src []byte) (hopEditText, bool) {
	ret, isReturn := g.stmts[0].(*ast.ReturnStmt)
	futureReturn := future && isReturn && len(g.stmts) == 1 && len(ret.Results) == 1 && g.block == lit.Body &&
		lit.Type.Results != nil && len(lit.Type.Results.List) == 1
	if !futureReturn && (!c.leavesNothing(g) || !c.readsSettled(lit, g)) || c.hopsAlready(g) {
		return hopEditText{}, false
	}
	hoists, ok := c.hoists(lit, g.stmts[0], g.positions)
	if !ok || futureReturn && len(hoists) > 0 {
		return hopEditText{}, false
	}
	start, end := c.offset(g.stmts[0].Pos()), c.offset(g.stmts[len(g.stmts)-1].End())
	indent := lineIndent(src, start)
	body := reindent(c.replaceHoisted(src, start, end, hoists))
	var b bytes.Buffer
	if futureReturn {
		h, ok := c.reachableHop(file, lit, true, domain)
		if !ok {
			return hopEditText{}, false
		}
		result := src[c.offset(lit.Type.Results.Pos()):c.offset(lit.Type.Results.End())]
		result = bytes.TrimSuffix(bytes.TrimPrefix(result, []byte("(")), []byte(")"))
		b.WriteString("return " + h.call + "func() " + string(result) + " {\n" + indent + "\t")
		b.Write(body)
		b.WriteString("\n" + indent + "})")
		return hopEditText{b.Bytes(), h.name, h.importPath}, true
	}
	h, ok := c.reachableHop(file, lit, false, domain)
	if !ok {
		return hopEditText{}, false
	}
	for _, hs := range hoists {
		b.WriteString(hs.name + " := " + string(src[c.offset(hs.expr.Pos()):c.offset(hs.expr.End())]) + "\n" + indent)
	}
	b.WriteString(h.call + "func() {\n" + indent + "\t")
	b.Write(body)
	b.WriteString("\n" + indent + "}")
	if !h.send {
		b.WriteString(")")
	}
	return hopEditText{b.Bytes(), h.name, h.importPath}, true
}

// replaceHoisted is src[start:end] with each hoisted expression replaced
// by its variable.
func (c *hopFixer) replaceHoisted(src []byte, start, end int, hoists []hoist) []byte {
	var out []byte
	at := start
	for _, h := range hoists { // in source order, as hoists found them
		out = append(append(out, src[at:c.offset(h.expr.Pos())]...), h.name...)
		at = c.offset(h.expr.End())
	}
	return append(out, src[at:end]...)
}

// PlainFuncChan reports whether t is a channel of funcs that take and
// return nothing, which a hop can send statements on.
func PlainFuncChan(t types.Type) bool {
	ch, ok := t.Underlying().(*types.Chan)
	if !ok || ch.Dir() == types.RecvOnly {
		return false
	}
	sig, ok := ch.Elem().Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 0
}

// importEdit adds path to the file's parenthesized import list, in order
// among the specs of the group it lands in.
func importEdit(file *ast.File, path string) (analysis.TextEdit, bool) {
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.IMPORT || !gen.Lparen.IsValid() {
			continue
		}
		quoted := strconv.Quote(path)
		at := gen.Rparen
		for _, spec := range gen.Specs {
			if spec.(*ast.ImportSpec).Path.Value > quoted {
				at = spec.Pos()
				return analysis.TextEdit{Pos: at, End: at, NewText: []byte(quoted + "\n\t")}, true
			}
		}
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\t" + quoted + "\n")}, true
	}
	return analysis.TextEdit{}, false
}

func (c *hopFixer) offset(pos token.Pos) int { return c.pass.Fset.Position(pos).Offset }

// lineIndent is the white space that starts the line of offset.
func lineIndent(src []byte, offset int) string {
	start := bytes.LastIndexByte(src[:offset], '\n') + 1
	end := start
	for end < offset && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// reindent indents every line of text after the first by one more tab.
func reindent(text []byte) []byte {
	lines := bytes.Split(text, []byte("\n"))
	for i := 1; i < len(lines); i++ {
		if len(bytes.TrimSpace(lines[i])) > 0 {
			lines[i] = append([]byte("\t"), lines[i]...)
		}
	}
	return bytes.Join(lines, []byte("\n"))
}

// A reachableHopCall is how the literal can call a hop sink: call is the
// text up to the func argument, "m.self.Execute(" or "actor.Hop(m.self, ",
// and importPath the package the file must import for it, if any.
type reachableHopCall struct {
	call, name, importPath string
	send                   bool // call is a send on a channel: no parenthesis to close
}

// reachableHop finds a hop sink the literal can call: a hop method of a
// value in scope, else a hop function whose other parameter, if any, such
// a value fills, of a package the file imports or else of one in view
// that it can import, that hops to domain. returning asks for one that
// returns a future to chain on.
func (c *hopFixer) reachableHop(file *ast.File, lit *ast.FuncLit, returning bool, domain string) (reachableHopCall, bool) {
	values := c.valuesInScope(lit)
	if !returning {
		for _, v := range values {
			if m := c.hopMethod(v.typ, domain); m != nil {
				return reachableHopCall{call: v.expr + "." + m.Name() + "(", name: names.FuncName(m)}, true
			}
		}
		for _, v := range values {
			if d, ok := c.model.ChannelHop(v.field); ok && d == domain && PlainFuncChan(v.typ) {
				return reachableHopCall{call: v.expr + " <- ", name: "a send on " + v.expr, send: true}, true
			}
		}
	}
	imported := make(map[*types.Package]bool)
	for _, imp := range file.Imports {
		pkgName := c.pass.TypesInfo.PkgNameOf(imp)
		if pkgName == nil || pkgName.Name() == "_" || pkgName.Name() == "." {
			continue
		}
		imported[pkgName.Imported()] = true
		if h, ok := c.hopFunc(pkgName.Imported(), pkgName.Name(), values, returning, domain); ok {
			return h, true
		}
	}
	// A hop function of a package the file does not import: go vet's
	// export data may hold only part of that package, so the hop sinks
	// passed on in facts say what a fix needs.
	for _, h := range c.model.ImportedHopSinks() {
		path := h.Key[:strings.LastIndex(h.Key, ".")]
		name := h.Name[:strings.Index(h.Name, ".")]
		if !h.Wraps || h.Returns != returning || h.Domain != domain || slices.ContainsFunc(file.Imports, func(s *ast.ImportSpec) bool { return s.Path.Value == strconv.Quote(path) }) {
			continue
		}
		if _, obj := c.pass.Pkg.Scope().Innermost(lit.Pos()).LookupParent(name, lit.Pos()); obj != nil {
			continue // the name is taken
		}
		if h.Owner == "" {
			return reachableHopCall{call: h.Name + "(", name: h.Name, importPath: path}, true
		}
		for _, v := range values {
			if types.TypeString(v.typ, nil) == h.Owner {
				return reachableHopCall{call: h.Name + "(" + v.expr + ", ", name: h.Name, importPath: path}, true
			}
		}
	}
	return reachableHopCall{}, false
}

// hopFunc finds a hop function of pkg, named name in the file, that the
// literal can call with the values in scope to hop to domain.
func (c *hopFixer) hopFunc(pkg *types.Package, name string, values []scopeValue, returning bool, domain string) (reachableHopCall, bool) {
	scope := pkg.Scope()
	for _, fname := range scope.Names() {
		fn, ok := scope.Lookup(fname).(*types.Func)
		if !ok || !fn.Exported() || (fn.Signature().Results().Len() > 0) != returning {
			continue
		}
		owner, ok := c.hopShape(fn, returning, domain)
		if !ok {
			continue
		}
		prefix := name + "." + fn.Name() + "("
		if owner == nil {
			return reachableHopCall{call: prefix, name: names.FuncName(fn)}, true
		}
		for _, v := range values {
			if types.AssignableTo(v.typ, owner.Type()) {
				return reachableHopCall{call: prefix + v.expr + ", ", name: names.FuncName(fn)}, true
			}
		}
	}
	return reachableHopCall{}, false
}

// hopShape reports whether fn is a hop sink to domain that the fix can
// call (see wrapShape), and its owner parameter, if any.
func (c *hopFixer) hopShape(fn *types.Func, returning bool, domain string) (owner *types.Var, ok bool) {
	if n := fn.Signature().Params().Len(); n == 0 || n > 2 {
		return nil, false // most functions of an imported package: no contract to look up
	}
	hop, to := c.model.HopTarget(fn)
	if to != domain || c.model.RegistersCallbacks(fn) {
		return nil, false
	}
	return WrapShape(fn.Signature(), hop, returning)
}

// WrapShape reports whether a hop sink of signature sig that runs the
// arguments hop on the owner can wrap statements: one hopped func
// parameter, last, taking no arguments (and returning a value when
// returning is set), and at most one other parameter, the owner, which it
// returns.
func WrapShape(sig *types.Signature, hop []int, returning bool) (owner *types.Var, ok bool) {
	params := sig.Params()
	if len(hop) != 1 || params.Len() == 0 || params.Len() > 2 || hop[0] != names.ArgIndex(sig, params.Len()-1) {
		return nil, false
	}
	fsig, isFunc := params.At(params.Len() - 1).Type().Underlying().(*types.Signature)
	if !isFunc || fsig.Params().Len() != 0 || (fsig.Results().Len() > 0) != returning {
		return nil, false
	}
	if params.Len() == 2 {
		owner = params.At(0)
	}
	return owner, true
}

// hopMethod returns a hop method to domain that the fix can call on a
// value of type t.
func (c *hopFixer) hopMethod(t types.Type, domain string) *types.Func {
	mset := names.AddressableMethodSet(t)
	for sel := range mset.Methods() {
		m := sel.Obj().(*types.Func)
		if !m.Exported() && m.Pkg() != c.pass.Pkg {
			continue
		}
		if owner, ok := c.hopShape(m, false, domain); ok && owner == nil {
			return m
		}
	}
	return nil
}

// A scopeValue is a value the literal can name: a variable, or a field of
// one.
type scopeValue struct {
	expr  string
	typ   types.Type
	field *types.Var // the field it is, for a field of a variable
}

// valuesInScope lists the variables visible at lit, innermost scope first
// and by name within one, each followed by the fields the package can
// name and the :any getters (m.Self()) of its methods.
func (c *hopFixer) valuesInScope(lit *ast.FuncLit) []scopeValue {
	var out []scopeValue
	for s := c.pass.Pkg.Scope().Innermost(lit.Pos()); s != nil && s != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || name == "_" || (s != c.pass.Pkg.Scope() && v.Pos() > lit.Pos()) {
				continue
			}
			out = append(out, scopeValue{name, v.Type(), nil})
			if st, ok := names.DerefUnder(v.Type()).(*types.Struct); ok {
				for f := range st.Fields() {
					_, isChan := f.Type().Underlying().(*types.Chan)
					if (f.Exported() || f.Pkg() == c.pass.Pkg) && (isChan || c.model.ReadableAnywhere(v.Type(), f)) {
						out = append(out, scopeValue{name + "." + f.Name(), f.Type(), f})
					}
				}
			}
			out = append(out, c.getters(name, v.Type())...)
		}
	}
	return out
}

// getters are the calls of the methods of a value of type t named expr
// that take nothing, return one value and are safe from anywhere: marked
// //confined:any, or of a type that is not confined.
func (c *hopFixer) getters(expr string, t types.Type) []scopeValue {
	var out []scopeValue
	mset := names.AddressableMethodSet(t)
	for sel := range mset.Methods() {
		m := sel.Obj().(*types.Func)
		sig := m.Signature()
		if (!m.Exported() && m.Pkg() != c.pass.Pkg) || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			continue
		}
		if len(sel.Index()) > 1 && !c.model.ReadableAnywhere(t, names.DerefUnder(t).(*types.Struct).Field(sel.Index()[0])) {
			continue // promoted through a confined field
		}
		if c.model.CallableAnywhere(m) {
			out = append(out, scopeValue{expr + "." + m.Name() + "()", sig.Results().At(0).Type(), nil})
		}
	}
	return out
}

// HopSink is a hop sink as fix hints render it.
type HopSink struct {
	Name    string // as funcName renders it, e.g. "actor.Hop"
	Key     string // as funcKey gives it, e.g. "example.com/runtime/actor.Hop"
	Hop     []int  // the argument indices it runs on the owner
	Domain  string // that owner's domain ("" for the default)
	Returns bool   // it returns a value (a future to chain on)
	Plain   bool   // a func it runs takes no arguments (see hopSink)
	// Message says it takes work back to the owner as a message, not a
	// func (an actor's Send to itself): advice only, no fix wraps code in it.
	Message bool
	// Wraps says a fix can call it (see wrapShape); Owner is then the type
	// of its owner parameter, if it has one, as types.TypeString writes it.
	Wraps bool
	Owner string
	// Registers says it returns a value of the owner's (a widget's setter
	// returns the widget, a widget's constructor builds one): it registers
	// the funcs for the widget's later events. Code off the owner has no
	// use for it, and it is never the way back a hint or a fix offers.
	Registers bool
}
