package analyzer

// This file decides what counts as touching confined state: calling a
// method of a confined type or an owner-only function, and reading or
// writing a confined field or value. Members marked //confined:any are
// exempt, and so are uses (not assignments) of fields whose type is a
// channel or comes from sync or sync/atomic.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// confinedNamed returns the confined named type of t or *t, or nil.
func (c *Engine) confinedNamed(t types.Type) *types.Named {
	named := derefNamed(t)
	if named == nil {
		return nil
	}
	if d := c.directives(named.Obj()); d != nil && d.Owner {
		return named
	}
	return nil
}

// callTouch returns the witness for calling fn when the call as a whole
// touches confined state: fn is marked //confined:owner (a contract for its
// callers, whatever its body does), or it is a method of a confined type
// whose body is out of view or touches confined state. A method of a
// confined type is that state's API: calling one whose body only sends on a
// channel or uses :any members touches nothing (docs/directives.md, "Method
// calls"). The witness names the method and, inside, the data it reaches.
func (c *Engine) callTouch(fn *ssa.Function, pos token.Pos) *witness {
	obj := declaredFunc(fn)
	if obj == nil {
		return nil
	}
	sum := c.summaryOf(fn)
	switch d := c.directives(obj); {
	case d != nil && (d.Loop || d.Any):
		return nil
	case d != nil && d.Owner:
	case !c.confinedMethod(obj):
		return nil
	case sum != nil && len(sum.Touches) == 0, sum == nil && c.bodyInView(obj):
		return nil
	}
	wit := &witness{Action: actionCalls, Member: funcName(obj), Domain: c.receiverDomain(obj), Site: c.position(pos)}
	if c.ownerOnly(obj) {
		wit.Domain = c.ownerFuncDomain(obj)
	}
	if sum != nil {
		wit.Reaches = sum.Reaches
	}
	return wit
}

// ownerOnly reports whether fn is marked //confined:owner: it must run on
// the owner whatever its body does.
func (c *Engine) ownerOnly(fn *types.Func) bool {
	d := c.directives(fn)
	return d != nil && d.Owner
}

// bodyInView reports whether fn's package has told what fn's body does even
// without a summary fact: it exports the summary of every exported function
// that says more than callers assume without one (see exportSummaries), and
// a confined method's package always takes the SSA path. Methods reached
// only through embedding in another package (unexported ones), and those
// of types confined by a declaration, stay out of view.
func (c *Engine) bodyInView(fn *types.Func) bool {
	return fn.Pkg() != c.pass.Pkg && fn.Exported() && !c.confinedByDeclaration(receiverNamed(fn))
}

// confinedByDeclaration reports whether named is confined by a declaration
// its own package may not see: its methods were summarized as touching
// nothing.
func (c *Engine) confinedByDeclaration(named *types.Named) bool {
	if named == nil {
		return false
	}
	f := c.declared.objects[named.Origin().Obj()]
	if f == nil || !f.Owner {
		return false // most types: no fact import on this path
	}
	src := c.sourceDirectives(named.Origin().Obj())
	return src == nil || !src.Owner
}

// confinedMethod reports whether fn is a method of a confined type.
func (c *Engine) confinedMethod(fn *types.Func) bool {
	recv := receiverNamed(fn)
	return recv != nil && c.confinedNamed(recv) != nil
}

// interfaceCallTouches reports whether calling the interface method m on
// a value of type recv touches confined state whatever the implementation
// does: recv or the interface declaring m is confined, or m is marked
// //confined:owner, and m is not :any. Such a method has no body to look
// into. recv matters when m is promoted into it from an embedded interface.
//
// The domain touched is the one m names, else that of m's interface, else
// that of recv.
func (c *Engine) interfaceCallTouches(m *types.Func, recv types.Type) (domain string, touches bool) {
	d := c.directives(m)
	switch {
	case d != nil && d.Any:
		return "", false
	case d != nil && d.Owner:
		return c.ownerFuncDomain(m), true
	case c.confinedMethod(m):
		return c.receiverDomain(m), true
	}
	if named := c.confinedNamed(recv); named != nil {
		return c.typeDomain(named), true
	}
	return "", false
}

// isAny reports whether fn is a //confined:any method: safe from anywhere,
// so neither a touch nor something to look into.
func (c *Engine) isAny(fn *ssa.Function) bool {
	obj := declaredFunc(fn)
	if obj == nil {
		return false
	}
	d := c.directives(obj)
	return d != nil && d.Any
}

// access handles the instructions that read or write values.
func (w *walker) access(instr ssa.Instruction) {
	pos := instrPos(instr)
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		w.field(in, in.X, in.Field)
	case *ssa.Field:
		w.field(in, in.X, in.Field)
	case *ssa.UnOp:
		if in.Op == token.MUL && !onlyFieldsRead(in) {
			w.wholeStruct(pos, in.X, actionReads)
		}
	case *ssa.Store:
		w.wholeStruct(pos, in.Addr, actionWrites)
	case *ssa.MapUpdate:
		w.value(pos, in.Map, actionWrites)
	case *ssa.Lookup:
		w.value(pos, in.X, actionReads)
	case *ssa.Index:
		w.value(pos, in.X, actionReads)
	case *ssa.IndexAddr:
		w.value(pos, in.X, accessKind(in))
	case *ssa.Range:
		w.value(pos, in.X, actionReads)
	case *ssa.Slice:
		w.value(pos, in.X, actionReads)
	}
}

// field handles a selection of field index of the struct x (or *x).
func (w *walker) field(instr ssa.Instruction, x ssa.Value, index int) {
	st, ok := derefUnder(x.Type()).(*types.Struct)
	if !ok {
		return
	}
	f := st.Field(index)
	d := w.c.directives(f.Origin())
	named := w.c.confinedNamed(x.Type())
	fieldConfined := d != nil && d.Owner
	if (named == nil && !fieldConfined) || (d != nil && d.Any) {
		return
	}
	action := accessKind(instr)
	if action == actionReads && (atomicOnly(instr) || !fieldConfined && concurrencySafe(f.Type())) {
		return
	}
	member := f.Name()
	if owner := derefNamed(x.Type()); owner != nil {
		member = typeName(owner) + "." + member
	}
	var domain string
	if fieldConfined {
		domain = d.Domain
	} else {
		domain = w.c.typeDomain(named)
	}
	pos := instrPos(instr)
	w.touch(pos, x, w.originOf(x), witness{Action: action, Member: member, Domain: domain, Site: w.position(pos)})
}

// value handles map, slice and channel operations on x, a value of a
// confined non-struct type.
func (w *walker) value(pos token.Pos, x ssa.Value, action action) {
	if named := w.c.confinedNamed(x.Type()); named != nil && !isStruct(named) {
		w.touch(pos, x, w.originOf(x), witness{Action: action, Member: typeName(named), Domain: w.c.typeDomain(named), Site: w.position(pos)})
	}
}

// onlyFieldsRead reports whether the value v loads is used only to read
// its fields (m.self of a captured struct value m): those reads are the
// touches, and :any fields are not.
func onlyFieldsRead(v *ssa.UnOp) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.Field); !ok {
			return false
		}
	}
	return true
}

// wholeStruct handles copying a confined struct out of, or into, the
// address ptr. (Loading a captured variable that holds a confined map is
// not a touch: the map operations that follow are.)
func (w *walker) wholeStruct(pos token.Pos, ptr ssa.Value, action action) {
	if _, isPtr := ptr.Type().Underlying().(*types.Pointer); !isPtr {
		return
	}
	if named := w.c.confinedNamed(ptr.Type()); named != nil && isStruct(named) {
		w.touch(pos, ptr, w.originOf(ptr), witness{Action: action, Member: typeName(named), Domain: w.c.typeDomain(named), Site: w.position(pos)})
	}
}

// builtinCall handles len, delete, clear and friends on confined values.
func (w *walker) builtinCall(call *ssa.CallCommon, pos token.Pos) {
	if len(call.Args) == 0 {
		return
	}
	action := actionReads
	switch call.Value.(*ssa.Builtin).Name() {
	case "delete", "clear", "copy":
		action = actionWrites
	}
	w.value(pos, call.Args[0], action)
}

// accessKind tells whether the value or address instr computes is written:
// stored to, or (for maps and slices loaded from it) updated.
func accessKind(instr ssa.Instruction) action {
	v, ok := instr.(ssa.Value)
	if !ok || v.Referrers() == nil {
		return actionReads
	}
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == v {
				return actionWrites
			}
		case *ssa.MapUpdate:
			if r.Map == v {
				return actionWrites
			}
		case *ssa.UnOp, *ssa.IndexAddr:
			if accessKind(r) == actionWrites {
				return actionWrites
			}
		case *ssa.Call:
			if b, ok := r.Call.Value.(*ssa.Builtin); ok && (b.Name() == "delete" || b.Name() == "clear") && r.Call.Args[0] == v {
				return actionWrites
			}
		}
	}
	return actionReads
}

// concurrencySafe reports whether a field of type t may be used from any
// goroutine: channels and the types of sync and sync/atomic.
func concurrencySafe(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Chan); ok {
		return true
	}
	named := derefNamed(t)
	if named == nil || named.Obj().Pkg() == nil {
		return false
	}
	path := named.Obj().Pkg().Path()
	return path == "sync" || path == "sync/atomic"
}

// atomicOnly reports whether the address instr computes is only handed to
// sync/atomic functions (atomic.AddInt64(&s.n, 1)), itself or through the
// addresses of its fields (&r.leaderState.inProgress): an atomic access
// does not race, whether the field is confined or its struct is.
func atomicOnly(instr ssa.Instruction) bool {
	v, ok := instr.(ssa.Value)
	if !ok || v.Referrers() == nil || len(*v.Referrers()) == 0 {
		return false
	}
	for _, ref := range *v.Referrers() {
		if fa, ok := ref.(*ssa.FieldAddr); ok {
			if !atomicOnly(fa) {
				return false
			}
			continue
		}
		call, ok := ref.(*ssa.Call)
		if !ok {
			return false
		}
		callee := call.Common().StaticCallee()
		if callee == nil || declaredFunc(callee) == nil || declaredFunc(callee).Pkg().Path() != "sync/atomic" {
			return false
		}
	}
	return true
}

// hopTarget returns the arguments fn runs on an owner, and that owner's
// domain, from its contract or, for a package-level function of a package
// imported only indirectly, whose object facts do not reach here, from the
// hop sinks passed on.
func (c *Engine) hopTarget(fn *types.Func) (hop []int, domain string) {
	if hop := c.contract(fn).Hop; len(hop) > 0 {
		return hop, c.hopDomain(fn)
	}
	if fn.Signature().Recv() == nil {
		key := funcKey(fn)
		for _, s := range c.importedHopSinks() {
			if s.Key == key {
				return s.Hop, s.Domain
			}
		}
	}
	return nil, ""
}

// readableAnywhere reports whether field f of a value of type t may be
// read off the owner: t is not confined, or f is :any.
func (c *Engine) readableAnywhere(t types.Type, f *types.Var) bool {
	if c.confinedNamed(t) == nil {
		return true
	}
	d := c.directives(f)
	return d != nil && d.Any
}
