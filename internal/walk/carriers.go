package walk

// Fields that carry the owner's own maps and slices. A reply or a message
// built with the owner's live map or slice in one of its fields
// (Stats{Recent: g.recent}), or the owner's map sent on a channel field
// (m.usage <- m.perUser), shares that map or slice with whoever reads the
// field or receives from the channel: sharing is not a hand-off, so code
// off the owner touching the entries it holds touches the owner's state,
// wherever it got the message from (a framework's reply arrives as an
// any). Such a field is a carrier of the owner's field. Sending a field's
// slice and then giving the field a fresh one hands the old one off
// (m.auditCh <- m.events; m.events = nil): no carrier, whereas cutting it
// (m.events = m.events[:0]) keeps the array the next append writes.
//
// Carriers are found in the syntax, so that the bodies that read them are
// built (see plainName), and exported as CarrierFacts on the package's own
// fields for the importers that read them.

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
	"golang.org/x/tools/go/ssa"
)

// carrierIndex returns the package's carriers: for each field that some
// store, literal or send of the package fills with a confined field's map
// or slice, that field's witness (its member and domain). A confined
// field the package also gives a fresh value (r.msgs = nil, once the
// messages are handed out) other than while building its value hands its
// old one off with each reset: what it filled stays with the readers, no
// carrier. Found on first use.
func (c *Package) carrierIndex() map[*types.Var]summary.CarrierFact {
	if c.carriers != nil {
		return c.carriers
	}
	type filling struct {
		from *types.Var
		fact summary.CarrierFact
	}
	filled := make(map[*types.Var]filling)
	fresh := make(map[*types.Var]bool)
	built := make(map[types.Object]bool) // locals a constructor made (g := &Gate{})
	info := c.pass.TypesInfo
	note := func(f *types.Var, val ast.Expr) {
		if f == nil || f.Pkg() != c.pass.Pkg || !f.IsField() && f.Parent() == c.pass.Pkg.Scope() {
			return // a local reply channel carries too (reply <- m.leases, in a hop)
		}
		if fact, g := c.confinedEntries(val); g != nil && g.Origin() != f.Origin() && filled[f.Origin()].from == nil {
			filled[f.Origin()] = filling{g.Origin(), fact}
		}
	}
	noteSends := func(stmts []ast.Stmt) {
		for i, stmt := range stmts {
			if send, ok := stmt.(*ast.SendStmt); ok && !handedOffAfter(info, send.Value, stmts[i+1:]) {
				note(sentOnVar(info, send.Chan), send.Value)
			}
		}
	}
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				t := info.TypeOf(n)
				if t == nil {
					break
				}
				st, ok := names.DerefUnder(t).(*types.Struct)
				if !ok {
					break
				}
				for i, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							f, _ := info.Uses[id].(*types.Var)
							note(f, kv.Value)
						}
					} else if i < st.NumFields() {
						note(st.Field(i), elt)
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					break
				}
				for i, lhs := range n.Lhs {
					if id, ok := lhs.(*ast.Ident); ok && n.Tok == token.DEFINE && freshValue(info, n.Rhs[i]) {
						if obj := info.Defs[id]; obj != nil {
							built[obj] = true
						}
						continue
					}
					f := names.SelectedField(info, lhs)
					note(f, n.Rhs[i])
					if f != nil && freshValue(info, n.Rhs[i]) && !built[baseObject(info, lhs)] {
						fresh[f.Origin()] = true
					}
				}
			case *ast.BlockStmt:
				noteSends(n.List)
			case *ast.CaseClause:
				noteSends(n.Body)
			case *ast.CommClause:
				noteSends(n.Body)
			}
			return true
		})
	}
	c.carriers = make(map[*types.Var]summary.CarrierFact)
	c.localCarriers = make(map[token.Pos]*types.Var)
	for f, fill := range filled {
		if !fresh[fill.from] {
			c.carriers[f] = fill.fact
			if !f.IsField() {
				c.localCarriers[f.Pos()] = f
			}
		}
	}
	return c.carriers
}

// sentOnVar is the variable a send's channel is: a field (m.usage), or a
// local variable (reply); nil for any other expression.
func sentOnVar(info *types.Info, ch ast.Expr) *types.Var {
	if id, ok := ast.Unparen(ch).(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		return v
	}
	return names.SelectedField(info, ch)
}

// baseObject is the variable a selection starts from (g in g.byPlate), or
// nil.
func baseObject(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.Ident:
			return info.Uses[x]
		default:
			return nil
		}
	}
}

// freshValue reports whether e is a value of its own: nil, a composite
// literal (or its address), or what make or new returns.
func freshValue(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		b, ok := info.Uses[calledIdent(e.Fun)].(*types.Builtin)
		return ok && (b.Name() == "make" || b.Name() == "new")
	}
	return info.Types[e].IsNil()
}

// confinedEntries returns the confined field whose map or slice e is
// (x.items, or x.items[i:j]), if it is one, with its member and domain.
func (c *Package) confinedEntries(e ast.Expr) (summary.CarrierFact, *types.Var) {
	e = ast.Unparen(e)
	if cut, ok := e.(*ast.SliceExpr); ok {
		e = ast.Unparen(cut.X)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return summary.CarrierFact{}, nil
	}
	info := c.pass.TypesInfo
	g := names.SelectedField(info, sel)
	if g == nil || !holdsEntries(g.Type()) {
		return summary.CarrierFact{}, nil
	}
	holder := info.TypeOf(sel.X)
	member, domain, _, ok := c.confinedField(holder, g)
	if !ok || names.DerefNamed(holder) == nil {
		return summary.CarrierFact{}, nil
	}
	return summary.CarrierFact{Member: member, Domain: domain}, g
}

// handedOffAfter reports whether one of the statements after a send of
// sent gives the place it was loaded from a value of its own (x.buf =
// nil, or a new slice): the sender keeps no way to the old one. Cutting
// it (x.buf = x.buf[:0]) or appending to it keeps the array.
func handedOffAfter(info *types.Info, sent ast.Expr, after []ast.Stmt) bool {
	place := types.ExprString(ast.Unparen(sent))
	for _, stmt := range after {
		as, ok := stmt.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, lhs := range as.Lhs {
			if types.ExprString(lhs) != place {
				continue
			}
			rhs := ast.Unparen(as.Rhs[i])
			if cut, ok := rhs.(*ast.SliceExpr); ok && types.ExprString(cut.X) == place {
				return false
			}
			if call, ok := rhs.(*ast.CallExpr); ok && len(call.Args) > 0 && types.ExprString(call.Args[0]) == place {
				if b, ok := info.Uses[calledIdent(call.Fun)].(*types.Builtin); ok && b.Name() == "append" {
					return false
				}
			}
			return true
		}
	}
	return false
}

// carrierOf returns what field f carries, from the package's own index or
// its package's facts.
func (c *Package) carrierOf(f *types.Var) (summary.CarrierFact, bool) {
	f = f.Origin()
	if f.Pkg() == c.pass.Pkg {
		wit, ok := c.carrierIndex()[f]
		return wit, ok
	}
	imported := flow.Memoized(c.importedCarriers, f, func(f *types.Var) *summary.CarrierFact {
		var fact summary.CarrierFact
		if !c.pass.ImportObjectFact(f, &fact) {
			return nil
		}
		return &fact
	})
	if imported == nil {
		return summary.CarrierFact{}, false
	}
	return *imported, true
}

// exportCarriers publishes the package's carrier fields for its
// importers (its local variables carry only inside it).
func (c *Package) exportCarriers() {
	for f, fact := range c.carrierIndex() {
		if f.IsField() {
			c.pass.ExportObjectFact(f, &fact)
		}
	}
}

// carried returns the witness of the entries v holds when v was read from
// a carrier (st.Recent, m.usage's receive), as touched by action at pos.
func (w *walker) carried(v ssa.Value, action summary.Action, pos token.Pos) (summary.Witness, bool) {
	fact, ok := w.c.carriedFact(v)
	if !ok {
		return summary.Witness{}, false
	}
	return summary.Witness{Action: action, Member: summary.ContentsMember(fact.Member), Domain: fact.Domain, Site: w.position(pos)}, true
}

// carriedFact returns what v carries when it was read from a carrier: a
// field (st.Recent), a receive from a channel field (m.usage), from a
// local reply channel a hop's closure sends on (reply <- m.leases; return
// <-reply), or from one a request carries to the loop (lookupReq{reply:
// reply}), or the result of a call returning one (leases.Table()).
func (c *Package) carriedFact(v ssa.Value) (summary.CarrierFact, bool) {
	var f *types.Var
	switch v := v.(type) {
	case *ssa.Field:
		if st, ok := v.X.Type().Underlying().(*types.Struct); ok {
			f = st.Field(v.Field)
		}
	case *ssa.UnOp:
		switch v.Op {
		case token.MUL:
			f = flow.FieldOf(v.X)
		case token.ARROW:
			f = c.replyCarrier(v.X)
		}
	case *ssa.Extract:
		switch x := v.Tuple.(type) {
		case *ssa.UnOp:
			if x.Op == token.ARROW && v.Index == 0 {
				f = c.replyCarrier(x.X)
			}
		case *ssa.Call:
			return c.resultCarried(x, v.Index)
		}
	case *ssa.Call:
		return c.resultCarried(v, 0)
	}
	if f == nil {
		return summary.CarrierFact{}, false
	}
	return c.carrierOf(f)
}

// replyCarrier is the variable the channel ch is, when sending on it can
// carry: a channel field, a local variable a closure sends on, or the
// reply field of a request the function sent ch in; nil otherwise.
func (c *Package) replyCarrier(ch ssa.Value) *types.Var {
	if f := flow.LoadedField(ch); f != nil {
		return f
	}
	if load, ok := ch.(*ssa.UnOp); ok && load.Op == token.MUL {
		if cell, ok := load.X.(*ssa.Alloc); ok {
			c.carrierIndex() // fills localCarriers
			return c.localCarriers[cell.Pos()]
		}
	}
	if k, ok := requestKey(ch); ok {
		return k.reply
	}
	return nil
}

// resultCarried returns what the result at index of a call carries, as
// the summary of the function it calls says.
func (c *Package) resultCarried(call *ssa.Call, index int) (summary.CarrierFact, bool) {
	fn := call.Common().StaticCallee()
	if fn == nil {
		return summary.CarrierFact{}, false
	}
	if sum := c.SummaryOf(fn); sum != nil {
		for _, rc := range sum.ResultCarriers {
			if rc.Result == index {
				return rc.CarrierFact, true
			}
		}
	}
	return summary.CarrierFact{}, false
}

// returnedEntries returns what r, a result, carries when it is a confined
// field's map or slice itself (return b.recent): its entries are the
// field's wherever the caller touches them.
func (c *Package) returnedEntries(r ssa.Value) (summary.CarrierFact, bool) {
	f := flow.LoadedField(r)
	if f == nil || !holdsEntries(f.Type()) {
		return summary.CarrierFact{}, false
	}
	var holder types.Type
	switch r := r.(type) {
	case *ssa.UnOp:
		holder = r.X.(*ssa.FieldAddr).X.Type()
	case *ssa.Field:
		holder = r.X.Type()
	}
	member, domain, _, ok := c.confinedField(holder, f)
	return summary.CarrierFact{Member: member, Domain: domain}, ok
}
