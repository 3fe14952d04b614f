package walk

// This file decides which function bodies of a package on the SSA path are
// worth building. Most of a package's functions, even in annotated code,
// are plain helpers: string and number work that can neither reach
// confined state nor start code anywhere. Their walks would find nothing
// and their summaries would say no more than callers assume of a function
// without one, so buildSSA leaves their bodies out and the steps after it
// never see them.

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/types/typeutil"
)

// plainFuncs returns the package's function declarations whose bodies need
// no SSA. A function is plain when nothing its body names, nor its
// receiver, can carry confined state or is something directives speak of:
//
//   - no directive or declaration speaks of it (an owner-only function
//     makes its callers' calls of it touches) or of a variable, field,
//     type or function it names;
//   - no variable, field, type or call result it names has a type that
//     could hold confined state or code (see mayCarry);
//   - no function it names is an interface method (which implementation
//     runs is not in the call) or another package's function that facts
//     say reaches confined state, and those of its own package are plain.
//
// Such a function can reach no confined value, so it touches none and
// hands none over, whatever it calls or starts: what it may start is plain
// too. Its callers see it so without its body. But a function importers
// may hand their maps and slices (see ImportersHandEntries) is not plain:
// what it does to the entries is theirs.
func (c *Package) plainFuncs() map[*ast.FuncDecl]bool {
	p := c.newPlainness()
	named := make(map[*ast.FuncDecl][]*types.Func) // the package's functions each names
	var candidates []*ast.FuncDecl
	var handOns []handOn
	var goesField bool
	valued := make(map[*types.Func]bool)
	makesTakers := make(map[*ast.FuncDecl]bool)
	for obj, fd := range p.decls {
		s := p.scan(obj, fd)
		if s.plain {
			candidates = append(candidates, fd)
			named[fd] = s.funcs
			makesTakers[fd] = s.makesTaker
		}
		handOns = append(handOns, s.handOns...)
		goesField = goesField || s.goesField
		for _, fn := range s.valued {
			valued[fn] = true
		}
	}
	plain := make(map[*ast.FuncDecl]bool, len(candidates))
	handed := handedEntries(handOns, nil)
	for _, fd := range candidates {
		plain[fd] = !handed[fd]
	}
	// Where a go statement hands a field's entries to a func field (go
	// p.export(p.names)), the funcs configured there read them: the
	// functions taking maps or slices that the package passes around as
	// values, and the closures taking them that a function makes.
	if goesField {
		for obj, fd := range p.decls {
			if valued[obj] || makesTakers[fd] {
				delete(plain, fd)
			}
		}
	}
	// A function naming one of its package's functions that is not plain
	// (calling it, or handing it on) is not plain either: repeat until
	// nothing changes.
	for changed := true; changed; {
		changed = false
		for _, fd := range candidates {
			if !plain[fd] {
				continue
			}
			for _, fn := range named[fd] {
				if d := p.decls[fn]; d != nil && !plain[d] {
					delete(plain, fd)
					changed = true
					break
				}
			}
		}
	}
	// What importers may hand needs the bodies that touch it, not those
	// of their callers here, which hand them nothing of an importer's.
	for fd := range handedEntries(handOns, c.ImportersHandEntries()) {
		delete(plain, fd)
	}
	return plain
}

// newPlainness returns a plainness of the package's declarations that
// has learnt nothing yet.
func (c *Package) newPlainness() *plainness {
	p := &plainness{c: c, carries: make(map[types.Type]bool), decls: make(map[*types.Func]*ast.FuncDecl)}
	maps.Insert(p.decls, names.DeclaredFuncs(c.pass))
	return p
}

// plainness holds what plainFuncs learns of types and objects on the way.
type plainness struct {
	c       *Package
	carries map[types.Type]bool // see mayCarry
	decls   map[*types.Func]*ast.FuncDecl
}

// A bodyScan is what one walk of a function's body tells plainFuncs.
type bodyScan struct {
	funcs   []*types.Func // the package's functions it names
	plain   bool          // by every rule of plainFuncs but the one about those functions
	handOns []handOn
	// For the funcs a go statement on a func field may start: whether it
	// is one (handing it a field's map or slice), the package's functions
	// taking maps or slices it names other than to call them, and whether
	// it makes a closure taking one.
	goesField  bool
	valued     []*types.Func
	makesTaker bool
}

// A handOn is a call of the package's function to with a field's map or
// slice, or with the entries of one of the caller's own parameters (param:
// only when the caller is handed some itself).
type handOn struct {
	from, to *ast.FuncDecl
	param    bool
}

// ImportersHandEntries lists, in a package of the user's module, the
// functions other packages can call with a map or a slice: an importer's
// goroutine handing one its owner's map (go pricing.Reprice(inv.prices))
// touches the map's entries there, at the line the race detector names,
// which only this package's summary of the function tells (its
// Contents). In a dependency, such helpers stay plain: which of its
// functions touch what is handed is for the tables of known functions.
func (c *Package) ImportersHandEntries() []*ast.FuncDecl {
	if !names.InMainModule(c.pass) {
		return nil
	}
	var out []*ast.FuncDecl
	for obj, fd := range names.DeclaredFuncs(c.pass) {
		if names.VisibleOutside(obj) && takesHandedEntries(obj.Signature()) {
			out = append(out, fd)
		}
	}
	return out
}

// ExportHandedContents is all of the SSA path a package with nothing
// confined in reach takes, for its importers: it builds the bodies of
// the functions they may hand their maps and slices (see
// ImportersHandEntries) and of those these hand them on to, leaving the
// rest plain, and exports what they do to the entries. The syntax path's
// summary of such a function, if it exported one, keeps its sinks and
// gains the Contents; else the walk's summary is exported.
func (c *Package) ExportHandedContents() {
	seeds := c.ImportersHandEntries()
	if len(seeds) == 0 {
		return
	}
	p := c.newPlainness()
	keep := make(map[*ast.FuncDecl]bool)
	for work := slices.Clone(seeds); len(work) > 0; {
		fd := work[len(work)-1]
		work = work[:len(work)-1]
		if keep[fd] {
			continue
		}
		keep[fd] = true
		for _, h := range p.scan(c.pass.TypesInfo.Defs[fd.Name].(*types.Func), fd).handOns {
			if h.param {
				work = append(work, h.to)
			}
		}
	}
	plain := make(map[*ast.FuncDecl]bool)
	for _, fd := range p.decls {
		plain[fd] = !keep[fd]
	}
	c.prog, c.Fns = buildSSA(c.pass, plain)
	c.Types = newTypeFlow(c.pass, c.Fns)
	c.Summarize()
	for _, fd := range seeds {
		obj := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		w := c.Walks[c.prog.FuncValue(obj)]
		if w == nil || len(w.Sum.Contents) == 0 {
			continue
		}
		fact := &summary.SummaryFact{Summary: w.Sum}
		var sinks summary.SummaryFact
		if c.pass.ImportObjectFact(obj, &sinks) {
			sinks.Summary.Contents = w.Sum.Contents
			fact = &sinks
		}
		c.pass.ExportObjectFact(obj, fact)
	}
}

// scan walks fd's body once, checking it by itself (see plainFuncs) and
// noting its hand-ons of entries (see handedEntries).
func (p *plainness) scan(obj *types.Func, fd *ast.FuncDecl) bodyScan {
	info := p.c.pass.TypesInfo
	// A method of a confined type is that state's API: only its body
	// tells that it touches nothing (see callTouch). Parameters count
	// where the body names them; unnamed, they carry nothing anywhere.
	recv := obj.Signature().Recv()
	s := bodyScan{plain: p.c.M.Directives(obj) == nil && (recv == nil || !p.mayCarry(recv.Type()))}
	holders := make(map[types.Object]bool) // locals assigned a field's map or slice
	params := make(map[types.Object]bool)  // those that may be handed entries, or an entry's address
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			if obj := info.Defs[name]; obj != nil && (holdsEntries(obj.Type()) || isPointer(obj.Type())) {
				params[obj] = true
			}
		}
	}
	var calls []*ast.CallExpr
	called := make(map[*ast.Ident]bool)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if s.plain && waitsOnReceiverField(info, fd, n) {
			s.plain = false // its wait tells the code that started its receiver (see recvHabits)
		}
		switch n := n.(type) {
		case *ast.GoStmt:
			s.goesField = s.goesField || p.goesFieldWithEntries(n.Call, holders)
		case *ast.FuncLit:
			s.makesTaker = s.makesTaker || takesEntries(info.TypeOf(n))
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && len(n.Rhs) == len(n.Lhs) && p.holdsFieldEntries(n.Rhs[i]) {
					holders[info.ObjectOf(id)] = true
				}
			}
		case *ast.RangeStmt:
			// for name, vals := range a.hist: vals is a slice a.hist keeps;
			// for counts := range m.usage: counts, what a carrier sends.
			if id, ok := n.Value.(*ast.Ident); ok && p.entriesField(n.X) && holdsEntries(info.TypeOf(id)) {
				holders[info.ObjectOf(id)] = true
			}
			if id, ok := n.Key.(*ast.Ident); ok && p.carrierChannel(n.X) {
				holders[info.ObjectOf(id)] = true
			}
		case *ast.CallExpr:
			if id := calledIdent(n.Fun); id != nil {
				called[id] = true
			}
			if callee, _ := typeutil.Callee(info, n).(*types.Func); callee != nil && p.decls[callee.Origin()] != nil {
				calls = append(calls, n)
			}
			if tv, found := info.Types[n]; s.plain && found && p.mayCarry(tv.Type) {
				s.plain = false
			}
		case *ast.Ident:
			if fn, ok := info.Uses[n].(*types.Func); ok && !called[n] && fn.Pkg() == p.c.pass.Pkg && takesEntries(fn.Type()) {
				s.valued = append(s.valued, fn.Origin())
			}
			if s.plain {
				s.plain = p.plainName(info.Uses[n], &s.funcs)
			}
		}
		return true
	})
	for _, call := range calls {
		to := p.decls[typeutil.Callee(info, call).(*types.Func).Origin()]
		args := call.Args
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil && holdsEntries(info.TypeOf(sel.X)) {
			args = append([]ast.Expr{sel.X}, args...) // l.names.add(u): a map type's method is handed the map
		}
		for _, arg := range args {
			if x := entryAddressed(arg); x != nil {
				arg = x // write(&recs[i]): what it does to the entry, it does to recs's
			}
			id, _ := ast.Unparen(arg).(*ast.Ident)
			switch {
			case p.handsFieldEntries(arg, holders), fieldAddressed(info, arg):
				s.handOns = append(s.handOns, handOn{fd, to, false})
			case id != nil && params[info.Uses[id]]:
				s.handOns = append(s.handOns, handOn{fd, to, true})
			}
		}
	}
	return s
}

// waitsOnReceiverField reports whether n, in the method fd, receives from
// a field of the receiver or waits on a WaitGroup field of it (<-c.done,
// c.wg.Wait()), as a Close waiting for a loop's end does.
func waitsOnReceiverField(info *types.Info, fd *ast.FuncDecl, n ast.Node) bool {
	if fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 {
		return false
	}
	recv := info.Defs[fd.Recv.List[0].Names[0]]
	ofRecv := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		return ok && recv != nil && info.Uses[id] == recv
	}
	switch n := n.(type) {
	case *ast.UnaryExpr:
		return n.Op == token.ARROW && ofRecv(n.X)
	case *ast.CallExpr:
		sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Wait" && ofRecv(sel.X)
	}
	return false
}

// goesFieldWithEntries reports whether call, a go statement's, calls a
// func field handing it a field's map or slice, or a local holding one.
func (p *plainness) goesFieldWithEntries(call *ast.CallExpr, holders map[types.Object]bool) bool {
	info := p.c.pass.TypesInfo
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if v, ok := info.Uses[sel.Sel].(*types.Var); !ok || !v.IsField() || !names.IsFuncTyped(v.Type()) {
		return false
	}
	return slices.ContainsFunc(call.Args, func(arg ast.Expr) bool { return p.handsFieldEntries(arg, holders) })
}

// handsFieldEntries reports whether arg is a field's map or slice, one it
// keeps (a.hist[name]), or a local holding either.
func (p *plainness) handsFieldEntries(arg ast.Expr, holders map[types.Object]bool) bool {
	id, _ := ast.Unparen(arg).(*ast.Ident)
	return p.holdsFieldEntries(arg) || id != nil && holders[p.c.pass.TypesInfo.Uses[id]]
}

// calledIdent is the name a call's function expression ends in: f in
// f(x), x.f(y), pkg.F(z).
func calledIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return calledIdent(f.X)
	case *ast.IndexListExpr:
		return calledIdent(f.X)
	}
	return nil
}

// takesEntries reports whether t is a func type with a map or slice
// parameter.
func takesEntries(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for v := range sig.Params().Variables() {
		if holdsEntries(v.Type()) {
			return true
		}
	}
	return false
}

// takesHandedEntries reports whether sig has a map or slice receiver (a
// set type's method), or a map or slice parameter
// that is not variadic: a variadic slice is made at each call, unless the
// caller spreads one (f(s.items...)), which importers seldom do to
// helpers (a logger's args ...any).
func takesHandedEntries(sig *types.Signature) bool {
	if recv := sig.Recv(); recv != nil && holdsEntries(recv.Type()) {
		return true // a set type's Add: the caller's map is its receiver
	}
	params := sig.Params()
	for i := range params.Len() {
		if holdsEntries(params.At(i).Type()) && !(sig.Variadic() && i == params.Len()-1) {
			return true
		}
	}
	return false
}

// plainName reports whether a body naming obj may still be plain, adding
// the package's own functions to funcs.
func (p *plainness) plainName(obj types.Object, funcs *[]*types.Func) bool {
	switch obj := obj.(type) {
	case *types.Func:
		obj = obj.Origin()
		switch {
		case p.c.M.Directives(obj) != nil, names.IsInterfaceMethod(obj):
			return false
		case obj.Pkg() == p.c.pass.Pkg:
			*funcs = append(*funcs, obj)
		case p.c.M.View.SpeaksOfConfined(obj):
			return false
		}
	case *types.Var:
		// Directives are on fields and package variables, not on
		// locals (most of what a body names).
		marked := (obj.IsField() || obj.Parent() == obj.Pkg().Scope()) && p.c.M.Directives(obj) != nil
		if obj.IsField() {
			_, carrier := p.c.carrierOf(obj)
			marked = marked || carrier
		}
		return !marked && !p.mayCarry(obj.Type())
	case *types.TypeName:
		return p.c.M.Directives(obj) == nil && !p.mayCarry(obj.Type())
	}
	return true
}

// holdsFieldEntries reports whether e is a field holding a map or a slice,
// or a map or slice held in one (a.hist[name]).
func (p *plainness) holdsFieldEntries(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		if holdsEntries(p.c.pass.TypesInfo.TypeOf(e)) {
			return p.entriesField(e.X)
		}
	case *ast.UnaryExpr:
		return e.Op == token.ARROW && p.carrierChannel(e.X)
	}
	return p.entriesField(e)
}

// carrierChannel reports whether e is a channel field that carries a
// confined field's map or slice (see carriers.go).
func (p *plainness) carrierChannel(e ast.Expr) bool {
	f := names.SelectedField(p.c.pass.TypesInfo, e)
	if f == nil {
		return false
	}
	if _, isChan := f.Type().Underlying().(*types.Chan); !isChan {
		return false
	}
	_, ok := p.c.carrierOf(f)
	return ok
}

// entriesField reports whether e is a field holding a map or a slice.
func (p *plainness) entriesField(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := p.c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	return ok && v.IsField() && holdsEntries(v.Type())
}

// entryAddressed is x when arg takes the address of an entry of x
// (&recs[i]).
func entryAddressed(arg ast.Expr) ast.Expr {
	u, ok := ast.Unparen(arg).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	if ix, ok := ast.Unparen(u.X).(*ast.IndexExpr); ok {
		return ix.X
	}
	return nil
}

// fieldAddressed reports whether arg takes the address of a field
// (report(&p.stats)): what the callee does through it, it does to the
// field (see walk's addressRead and addressesHanded).
func fieldAddressed(info *types.Info, arg ast.Expr) bool {
	u, ok := ast.Unparen(arg).(*ast.UnaryExpr)
	return ok && u.Op == token.AND && names.SelectedField(info, u.X) != nil
}

// isPointer reports whether t is a pointer type.
func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// handedEntries returns the package's functions that some call hands a
// field's map or slice (sum(k.stock), or a variable assigned one: m :=
// k.stock; sum(m)), or that such a function hands its own (writeTo(w,
// data) handing data on to sorted): what they do to the entries is a
// touch of that field where the field is confined (see walk's
// entriesTouched), so their bodies are needed.
//
// Seeds are handed entries already: the functions importers may hand
// theirs (see ImportersHandEntries).
func handedEntries(handOns []handOn, seeds []*ast.FuncDecl) map[*ast.FuncDecl]bool {
	out := make(map[*ast.FuncDecl]bool)
	for _, fd := range seeds {
		out[fd] = true
	}
	for changed := true; changed; {
		changed = false
		for _, h := range handOns {
			if !out[h.to] && (!h.param || out[h.from]) {
				out[h.to], changed = true, true
			}
		}
	}
	return out
}

// mayCarry reports whether a value of type t could hold confined state or
// code: a type that directives speak of, a func, an interface other than
// error (confined state does not travel as one), a type parameter or an
// unsafe pointer, in it or in what it points to, through the fields a
// package outside the type's can see. A recursive type carries only what
// its parts do.
func (p *plainness) mayCarry(t types.Type) bool {
	return flow.Memoized(p.carries, t, p.computeMayCarry)
}

func (p *plainness) computeMayCarry(t types.Type) bool {
	switch t := t.(type) {
	case *types.Basic:
		return t.Kind() == types.UnsafePointer
	case *types.Pointer:
		return p.mayCarry(t.Elem())
	case *types.Slice:
		return p.mayCarry(t.Elem())
	case *types.Array:
		return p.mayCarry(t.Elem())
	case *types.Chan:
		return p.mayCarry(t.Elem())
	case *types.Map:
		return p.mayCarry(t.Key()) || p.mayCarry(t.Elem())
	case *types.Tuple:
		for v := range t.Variables() {
			if p.mayCarry(v.Type()) {
				return true
			}
		}
		return false
	case *types.Struct:
		return p.structCarries(t, nil)
	case *types.Named:
		if t == types.Universe.Lookup("error").Type() {
			return false
		}
		if p.c.M.Directives(t.Origin().Obj()) != nil || p.c.M.ConfinedNamed(t) != nil {
			return true // confined by a directive, a declaration or a turn it implements
		}
		for arg := range t.TypeArgs().Types() {
			if p.mayCarry(arg) {
				return true
			}
		}
		if st, ok := t.Underlying().(*types.Struct); ok {
			return p.structCarries(st, t.Obj().Pkg())
		}
		return p.mayCarry(t.Underlying())
	case *types.Alias:
		return p.mayCarry(types.Unalias(t))
	}
	return true // funcs, interfaces, type parameters
}

// structCarries reports whether a field of st may carry confined state or
// code. Only the fields code outside of pkg can name count for a struct
// declared in another package: the others only its own code reaches, and
// what that code hands out is a call result, checked where it is made.
func (p *plainness) structCarries(st *types.Struct, pkg *types.Package) bool {
	for f := range st.Fields() {
		if pkg != nil && pkg != p.c.pass.Pkg && !f.Exported() && !f.Embedded() {
			continue
		}
		if p.mayCarry(f.Type()) {
			return true
		}
	}
	return false
}
