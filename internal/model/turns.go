package model

// This file is the turns of an owner (docs/directives.md, "Frameworks"):
// //confined:loop on an interface method, written or declared, says that a
// framework calls every implementation of it one at a time as a turn of the
// owner (an actor runtime's Receive, a game engine's Update, a UI runtime's
// View). The implementations' bodies run on the owner, and the types that
// implement it belong to that owner without a directive of their own.

import (
	"cmp"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/known"
	"github.com/confinecheck/confinecheck/internal/names"
)

// Turns are the turns of owners in view.
type Turns struct {
	m      *Model
	list   *[]turn                      // see all; nil until asked
	owners map[*types.Named]turnOwner   // see Owner
	loops  map[*types.Named]*types.Func // see LoopOf
	actors map[*types.Named]bool        // see Mailbox
	// The packages declaring a loop of their own (not an interface
	// method): frameworks running turns on goroutines they start (see
	// Spawned). Set with list.
	running map[*types.Package]bool
}

// A turn is an interface method a framework calls as a turn of an owner.
type turn struct {
	method *types.Func
	iface  *types.Interface
	domain string
}

// A turnOwner is whether a type implements a turn, and its owner's domain.
type turnOwner struct {
	domain string
	ok     bool
}

// reset forgets what was computed from the directives, which changed.
func (t *Turns) reset() { t.list, t.owners, t.loops, t.actors, t.running = nil, nil, nil, nil, nil }

// all lists the turns in view: the interface methods marked loop by the
// package's directives, the declarations in view or other packages' facts.
func (t *Turns) all() []turn {
	if t.list != nil {
		return *t.list
	}
	var out []turn
	t.running = make(map[*types.Package]bool)
	add := func(obj types.Object, f *directive.Fact) {
		fn, ok := obj.(*types.Func)
		if !ok || !f.Loop {
			return
		}
		if !names.IsInterfaceMethod(fn) {
			t.running[fn.Pkg()] = true
			return
		}
		if iface, ok := fn.Signature().Recv().Type().Underlying().(*types.Interface); ok {
			out = append(out, turn{method: fn, iface: iface, domain: f.Domain})
		}
	}
	for obj, f := range t.m.Dirs.Objects {
		add(obj, f)
	}
	for obj, f := range t.m.Declared.Objects {
		add(obj, f)
	}
	for _, of := range t.m.View.ImportedFacts() {
		if f, ok := of.Fact.(*directive.Fact); ok {
			add(of.Object, f)
		}
	}
	// Maps come in any order: the first match decides a domain.
	slices.SortFunc(out, func(a, b turn) int {
		return cmp.Or(cmp.Compare(names.FuncName(a.method), names.FuncName(b.method)), cmp.Compare(a.method.Pos(), b.method.Pos()))
	})
	t.list = &out
	return out
}

// Of reports whether fn, a method of a concrete type, is a turn: it
// implements an interface method marked loop. domain is that owner's.
func (t *Turns) Of(fn *types.Func) (domain string, ok bool) {
	recv := fn.Signature().Recv()
	if recv == nil || names.IsInterfaceMethod(fn) {
		return "", false
	}
	for _, tn := range t.all() {
		if tn.method.Name() == fn.Name() && implements(recv.Type(), tn.iface) {
			return tn.domain, true
		}
	}
	return "", false
}

// Is reports whether fn, a method of a concrete type, is a turn (see Of).
func (t *Turns) Is(fn *types.Func) bool {
	_, ok := t.Of(fn)
	return ok
}

// First reports whether fn, a method of a concrete type, implements a
// turn its framework runs before any other (known.IsFirstTurn): an Ergo
// server's Init, which sets the server up.
func (t *Turns) First(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil || names.IsInterfaceMethod(fn) {
		return false
	}
	return slices.ContainsFunc(t.all(), func(tn turn) bool {
		return tn.method.Name() == fn.Name() && known.IsFirstTurn(tn.method) && implements(recv.Type(), tn.iface)
	})
}

// DomainIn reports the domain of the turns that the interfaces of pkg
// declare (a framework's), if it declares any.
func (t *Turns) DomainIn(pkg *types.Package) (domain string, ok bool) {
	for _, tn := range t.all() {
		if tn.method.Pkg() == pkg {
			return tn.domain, true
		}
	}
	return "", false
}

// LoopOf returns the loop of the type ty is or points to: a turn the
// type declares, the turn its framework runs (see Spawned), or its method
// marked //confined:loop; or nil. Asked for every method walked, so kept
// per type until the directives change.
func (t *Turns) LoopOf(ty types.Type) *types.Func {
	named := names.DerefNamed(ty)
	if named == nil {
		return nil
	}
	if loop, done := t.loops[named]; done {
		return loop
	}
	if t.loops == nil {
		t.loops = make(map[*types.Named]*types.Func)
	}
	t.loops[named] = t.loopOf(named)
	return t.loops[named]
}

func (t *Turns) loopOf(named *types.Named) *types.Func {
	ms := types.NewMethodSet(types.NewPointer(named))
	// Of several turns (a gen.Server's HandleCall and HandleInfo), one
	// the type declares names the loop best; all run as it. A framework
	// that spawns them runs them, or, for one whose loop its caller
	// enters (ebiten.RunGame), a test's goroutine driving the turns
	// (go func() { for { g.Update() } }()).
	for sel := range ms.Methods() {
		if m := sel.Obj().(*types.Func); len(sel.Index()) == 1 {
			if _, turn := t.Of(m); turn {
				return m
			}
		}
	}
	if turn, ok := t.Spawned(named); ok {
		if sel := ms.Lookup(turn.Pkg(), turn.Name()); sel != nil {
			return sel.Obj().(*types.Func) // (*app.stock).Receive
		}
	}
	for sel := range ms.Methods() {
		if m, ok := sel.Obj().(*types.Func); ok {
			if d := t.m.Directives(m); d != nil && d.Loop {
				return m
			}
		}
	}
	return nil
}

// Owner reports whether values of named belong to an owner because the
// type implements one of its turns, and that owner's domain.
func (t *Turns) Owner(named *types.Named) (domain string, ok bool) {
	turns := t.all()
	if len(turns) == 0 || types.IsInterface(named) {
		return "", false
	}
	named = named.Origin()
	if o, done := t.owners[named]; done {
		return o.domain, o.ok
	}
	var o turnOwner
	for _, tn := range turns {
		if implements(named, tn.iface) {
			o = turnOwner{tn.domain, true}
			break
		}
	}
	if t.owners == nil {
		t.owners = make(map[*types.Named]turnOwner)
	}
	t.owners[named] = o
	return o.domain, o.ok
}

// Spawned reports whether handing a value of named to its framework
// starts its turns beside the code that handed it: named implements a
// turn whose interface's package also declares a loop of its own (an
// actor runtime's mailbox loop: hollywood's (*Inbox).process), so the
// framework runs the turns on goroutines it starts, and the spawning code
// goes on. A framework whose run loop the caller enters (ebiten.RunGame,
// (*tea.Program).Run) declares none: code after the call runs once the
// loop is done. It returns the turn's interface method.
// named may be the turn's own interface (a helper's spawn(a actor.Actor)).
func (t *Turns) Spawned(named *types.Named) (*types.Func, bool) {
	for _, tn := range t.all() {
		if !t.running[tn.method.Pkg()] || !implements(named.Origin(), tn.iface) {
			continue
		}
		if !types.IsInterface(named) || named.Obj().Pkg() == tn.method.Pkg() {
			return tn.method, true
		}
	}
	return nil, false
}

// Spawning reports whether a turn in view is of a framework that runs
// turns on goroutines of its own (see Spawned).
func (t *Turns) Spawning() bool {
	return slices.ContainsFunc(t.all(), func(tn turn) bool { return t.running[tn.method.Pkg()] })
}

// SeenBy reports whether pkg, the package declaring named, knows named
// to be a turn's owner as this package does: the turn's interface is in
// its view, and what makes its method a turn is in view wherever that
// is (its own package's directive, a pack, the settings), not a
// declaration in some package's source pkg may not import.
func (t *Turns) SeenBy(named *types.Named, pkg *types.Package) bool {
	for _, tn := range t.all() {
		if !implements(named.Origin(), tn.iface) {
			continue
		}
		from := tn.method.Pkg()
		if from == nil || from == t.m.pass.Pkg || names.PackagesInView(pkg)[from.Path()] == nil {
			return false
		}
		return t.m.Dirs.Objects[tn.method] == nil && t.m.Declared.Everywhere(tn.method)
	}
	return false
}

// Mailbox reports whether values of named are actors of their own: named
// implements a turn whose method is handed the actor's own context (see
// ownContext: hollywood's Receive(*actor.Context), protoactor's
// Receive(actor.Context), ergo's HandleInfo(*gen.ServerProcess, ...)). Each such
// actor's turns run on its own mailbox. A UI or game loop's turns (Update,
// Draw, a widget's Tapped) are handed no such context: nested models and
// widgets all share the one loop.
func (t *Turns) Mailbox(named *types.Named) bool {
	if types.IsInterface(named) {
		return false
	}
	// Asked for every site of every actor's turn, and a context that is
	// not itself confined (ergo's) is told by its methods: kept per type
	// until the directives change.
	if t.actors == nil {
		t.actors = make(map[*types.Named]bool)
	}
	return flow.Memoized(t.actors, named, t.mailbox)
}

func (t *Turns) mailbox(named *types.Named) bool {
	for _, tn := range t.all() {
		if !implements(named.Origin(), tn.iface) {
			continue
		}
		for p := range tn.method.Signature().Params().Variables() {
			if t.ownContext(p.Type()) {
				return true
			}
		}
	}
	return false
}

// ownContext reports whether a turn handed a value of type ty is handed
// its actor's own context: ty is confined, or has methods only its owner
// may call (ergo's *gen.ServerProcess, whose Call waits on the process's
// own mailbox).
func (t *Turns) ownContext(ty types.Type) bool {
	if t.m.ConfinedNamed(ty) != nil {
		return true
	}
	named := names.DerefNamed(ty)
	if named == nil {
		return false
	}
	for m := range named.Methods() {
		if d := t.m.Directives(m); d != nil && d.Owner {
			return true
		}
	}
	return false
}

// ImplementedHere reports whether a type the package declares implements
// a turn: its values are confined, so the package reaches confined state.
func (t *Turns) ImplementedHere() bool {
	if len(t.all()) == 0 {
		return false
	}
	scope := t.m.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			if named, ok := tn.Type().(*types.Named); ok {
				if _, ok := t.Owner(named); ok {
					return true
				}
			}
		}
	}
	return false
}

// implements reports whether t or *t implements iface.
func implements(t types.Type, iface *types.Interface) bool {
	return types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface)
}
