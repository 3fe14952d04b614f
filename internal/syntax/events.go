package syntax

// This file extracts from a body of code the events the rules of where code
// runs read: go statements, calls (with their callee and arguments), stores
// of funcs into fields, sends of funcs on channel fields and conversions
// to func types. Nested function literals are bodies of their own: creating
// one runs nothing.

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/types/typeutil"
)

// An eventKind is what an event does.
type eventKind uint8

const (
	goEvent      eventKind = iota // go f(args)
	callEvent                     // f(args)
	storeEvent                    // x.f = value, x.fs[k] = value, T{f: value}
	sendEvent                     // x.ch <- value
	convertEvent                  // T(value), T a func type
)

// An event is one thing a body does that the rules place.
type event struct {
	kind eventKind
	pos  token.Pos
	// For go and call events: the function called (nil when nothing
	// resolves it), the func expression called, and the arguments as
	// summaries count them (a method's receiver first).
	callee *types.Func
	fun    ast.Expr
	args   []ast.Expr
	// The field whose func a go or call event calls, or that a store or
	// send event puts funcs in.
	field *types.Var
	// The interface method a call event calls.
	method *types.Func
	// The func value a store, send or convert event hands over, and the
	// type a convert event converts it to.
	value ast.Expr
	to    types.Type
	// For a store event: it stores into a field of a parameter's value
	// (see the SSA path's intoParam).
	intoParam bool
}

// events lists the events of body, in source order; with nested, those of
// the function literals inside it too (a function's sinks count what its
// literals do). A go statement's call is one event: what the statement
// starts is not looked into, only its arguments, evaluated here.
func (x *extractor) events(body *ast.BlockStmt, nested bool) []event {
	memo := &x.flat
	if nested {
		memo = &x.nested
	}
	if *memo == nil {
		*memo = make(map[*ast.BlockStmt][]event)
	}
	if evs, ok := (*memo)[body]; ok {
		return evs
	}
	evs := x.extract(body, nested)
	(*memo)[body] = evs
	return evs
}

// extract lists the events of body (see events).
func (x *extractor) extract(body ast.Node, nested bool) []event {
	var out []event
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return nested
		case *ast.GoStmt:
			out = append(out, x.callOf(goEvent, n.Call))
			for _, a := range n.Call.Args { // evaluated here
				out = append(out, x.extract(a, nested)...)
			}
			return false
		case *ast.SendStmt:
			if f := x.funcChanField(n.Chan); f != nil {
				out = append(out, event{kind: sendEvent, pos: n.Arrow, field: f, value: n.Value})
			}
		case *ast.CallExpr:
			if tv := x.info.Types[n.Fun]; tv.IsType() {
				if len(n.Args) == 1 && x.isFunc(n.Args[0]) {
					out = append(out, event{kind: convertEvent, pos: n.Lparen, value: n.Args[0], to: tv.Type})
				}
				return true
			}
			out = append(out, x.callOf(callEvent, n))
		}
		x.fieldStores(n, func(f *types.Var, value, into ast.Expr) {
			if flow.HoldsFuncs(f.Type()) {
				out = append(out, event{kind: storeEvent, pos: value.Pos(), field: f, value: value, intoParam: x.isParam(into)})
			}
		})
		return true
	})
	return out
}

// callOf is the go or call event of call.
func (x *extractor) callOf(kind eventKind, call *ast.CallExpr) event {
	ev := event{kind: kind, pos: call.Lparen, fun: call.Fun, field: x.calledFuncField(call)}
	ev.callee, ev.args = x.resolve(call)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := x.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal && types.IsInterface(s.Recv()) {
			ev.method = s.Obj().(*types.Func)
		}
	}
	return ev
}

// resolve returns the function call calls, when the syntax tells, and the
// call's arguments as summaries count them: a method's receiver first,
// for a method value called in place (x.M(a)) or held in a local variable
// (m := x.M; m(a)), and as written for a method expression ((*T).M(x, a)).
func (x *extractor) resolve(call *ast.CallExpr) (*types.Func, []ast.Expr) {
	fun := ast.Unparen(call.Fun)
	if id, ok := fun.(*ast.Ident); ok {
		if v, ok := x.info.Uses[id].(*types.Var); ok {
			if values := x.localValues()[v]; len(values) == 1 {
				fun = ast.Unparen(values[0]) // a func or method value held in a variable
			}
		}
	}
	var fn *types.Func
	switch f := fun.(type) {
	case *ast.Ident:
		fn, _ = x.info.Uses[f].(*types.Func)
	case *ast.SelectorExpr:
		fn, _ = x.info.Uses[f.Sel].(*types.Func)
		if s := x.info.Selections[f]; s != nil && s.Kind() == types.MethodVal {
			return fn, append([]ast.Expr{f.X}, call.Args...)
		}
	case *ast.IndexExpr, *ast.IndexListExpr: // an explicit instantiation
		fn, _ = typeutil.Callee(x.info, call).(*types.Func)
	}
	return fn, call.Args
}

// paramOf is the argument index, as summaries count them, of the parameter
// that receives argument i (see resolve) of a call of fn: the arguments of
// a variadic parameter all go to it.
func paramOf(fn *types.Func, i int) int {
	if fn == nil || !fn.Signature().Variadic() {
		return i
	}
	return min(i, names.ArgIndex(fn.Signature(), fn.Signature().Params().Len()-1))
}

// fieldStores calls stored for each store of a value into a field that n
// makes: c.onMessage = h, c.subs[k] = h, c.hs = append(c.hs, h), and a
// composite literal's fields, keyed (&conn{onMessage: h}) or not.
func (x *extractor) fieldStores(n ast.Node, stored func(f *types.Var, value, into ast.Expr)) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) == len(n.Rhs) {
			for i, lhs := range n.Lhs {
				if idx, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok {
					lhs = idx.X
				}
				if f := x.selectedField(lhs); f != nil {
					var into ast.Expr
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
						into = sel.X
					}
					stored(f, n.Rhs[i], into)
				}
			}
		}
	case *ast.CompositeLit:
		st, _ := x.info.TypeOf(n).Underlying().(*types.Struct)
		for i, elt := range n.Elts {
			kv, keyed := elt.(*ast.KeyValueExpr)
			switch {
			case keyed:
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := x.info.Uses[id].(*types.Var); ok && f.IsField() {
						stored(f.Origin(), kv.Value, nil)
					}
				}
			case st != nil && i < st.NumFields(): // conn{h, 0}: by position
				stored(st.Field(i).Origin(), elt, nil)
			}
		}
	}
}

// isParam reports whether e names a parameter or receiver.
func (x *extractor) isParam(e ast.Expr) bool {
	if e == nil {
		return false
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := x.info.Uses[id].(*types.Var)
	return ok && (v.Kind() == types.ParamVar || v.Kind() == types.RecvVar)
}

// selectedField returns the struct field e selects (x.f), if any.
func (x *extractor) selectedField(e ast.Expr) *types.Var { return names.SelectedField(x.info, e) }

// collectionField returns the field holding a collection that e is, or is
// a copy of (slices.Clone(x.subs), append([]F(nil), x.subs...), or a local
// assigned one: see flow.CopySource), if any.
func (x *extractor) collectionField(e ast.Expr) *types.Var {
	for range 4 { // copies of copies, a few deep
		e = ast.Unparen(e)
		if f := x.selectedField(e); f != nil {
			return f
		}
		switch ex := e.(type) {
		case *ast.Ident:
			v, ok := x.info.Uses[ex].(*types.Var)
			if !ok || len(x.localValues()[v]) != 1 {
				return nil
			}
			e = x.localValues()[v][0]
			if src, ok := x.copied[v]; ok {
				e = src // made, then filled by copy
			}
		case *ast.SliceExpr:
			e = ex.X
		case *ast.IndexExpr:
			if _, isMap := x.info.TypeOf(ex.X).Underlying().(*types.Map); !isMap {
				return nil
			}
			e = ex.X // a list in a map: range x.subs[topic]
		case *ast.CallExpr:
			e = x.copiedArg(ex)
			if e == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// copiedArg returns the collection a call copies, or nil.
func (x *extractor) copiedArg(call *ast.CallExpr) ast.Expr {
	if b, ok := x.info.Uses[identOf(call.Fun)].(*types.Builtin); ok {
		if b.Name() == "append" && call.Ellipsis.IsValid() && len(call.Args) == 2 {
			return call.Args[1] // append(x.subs[:0:0], x.subs...)
		}
		return nil
	}
	fn, _ := typeutil.Callee(x.info, call).(*types.Func)
	if i, ok := flow.CopiedArg(fn); ok && i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

// calledFuncField returns the field holding funcs a call calls (x.f(),
// x.handlers[i](), h() for h ranging over x.handlers), if any.
func (x *extractor) calledFuncField(call *ast.CallExpr) *types.Var {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.IndexExpr: // x.handlers[i](), x.subs[k]()
		if f := x.collectionField(fun.X); f != nil && flow.HoldsFuncs(f.Type()) {
			return f
		}
	case *ast.Ident: // for _, h := range x.handlers { h() }, or h := x.handler()
		if v, ok := x.info.Uses[fun].(*types.Var); ok {
			return x.fieldFuncVars()[v]
		}
	case *ast.CallExpr: // x.handler()()
		return x.getterFuncField(fun, 0)
	}
	if f := x.selectedField(call.Fun); f != nil && names.IsFuncTyped(f.Type()) {
		return f
	}
	return nil
}

// funcChanField returns the channel field of funcs that e selects, if any.
func (x *extractor) funcChanField(e ast.Expr) *types.Var {
	f := x.selectedField(e)
	if f == nil {
		return nil
	}
	if names.IsFuncChan(f.Type()) {
		return f
	}
	return nil
}

// isFunc reports whether e is a func value.
func (x *extractor) isFunc(e ast.Expr) bool {
	t := x.info.TypeOf(e)
	return t != nil && names.IsFuncTyped(t)
}
