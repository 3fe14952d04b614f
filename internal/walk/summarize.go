package walk

// This file walks the package's functions callees first (recursive groups
// until they settle), and keeps what each walk found: the summary callers
// use, the touching sites, and the code it starts off the owner or hands
// to an owner.

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/known"
	"github.com/confinecheck/confinecheck/internal/summary"
	"github.com/confinecheck/confinecheck/internal/where"
	"golang.org/x/tools/go/ssa"
)

// A Site is a place in a function that touches confined state, kept for
// reporting when the function turns out to run off the owner.
type Site struct {
	Pos     token.Pos
	Origin  summary.Origin
	Witness summary.Witness
	// The instruction and the value touched through, for telling touches
	// after a send (report's sends); value is nil for the ambient world.
	Instr ssa.Instruction
	Value ssa.Value
	// Impl is, for a touch through an interface value by one of its
	// implementations, that implementation (a flow.TypeKey), also once the
	// value is known to hold it (the witness then requires nothing).
	Impl string
	// When the touch is inside a func literal that this function invokes
	// on its own goroutine (sync.Once.Do(func(){...}), a deferred closure),
	// inner is that literal and innerSources maps its sources to ours, so
	// that the finding can be reported inside it.
	Inner        *ssa.Function
	InnerSources func(summary.Source) summary.Origin
}

// A Entry is a place where a function sends func values off the owner.
type Entry struct {
	Pos  token.Pos
	Sink string // what moves the code off the owner, for the message
	// Inferred is set when the sink is inferred from the callee's body,
	// not declared or built in (which says how the code is run).
	Inferred bool
	Future   bool // the code is a callback of a future
	Targets  []flow.FuncValue
	// direct is set when the spawned call itself touches confined state
	// (go s.method(), go ownerOnly()).
	Direct *summary.Witness
	// On is set for code that runs On a known owner rather than off every
	// owner: a hop's callbacks, a loop's or owner-only function's body. It
	// names that owner's domain; such code touches other domains' state only.
	On *string
	// Starter is the loop (or turn) that code which started a value's
	// loop goes on beside (see starters.go), for such code: its touches of
	// what only set-up writes, or what the loop never touches, race with
	// nothing.
	Starter *types.Func
	// Actor is set for the body of a turn of an actor with a mailbox of its
	// own (model's Turns.Mailbox): the actor type whose turn it is.
	// Another actor's state it touches (a.book.flagged, the parent's map a
	// child writes) is that actor's, whose turns run on its own mailbox.
	Actor *types.Named
	// Keeper is set for a turn touching a record another actor keeps (see
	// the report's keeperOf): that actor.
	Keeper *types.Named
	// call is the instruction that hands the code to a hop or starts it
	// off the owner, for telling touches after it (report's sends and
	// transfer.go).
	Call ssa.Instruction
	// For code started off the owner: the arguments of a go statement's
	// call, and the confined values among them and the captures that the
	// starter hands off (see transfer.go).
	Args, Handed []ssa.Value
	// Entries are the touches the started function makes of the entries
	// of maps and slices a confined field of the starter's holds and keeps
	// holding (see entriesHanded).
	Entries []summary.Witness
}

// Started is the code sp runs off the owner: its targets, or, for a go
// statement whose call touches confined state itself (go a.warm(), a
// method of a type the framework's turns confine), the function it calls,
// which the walk reports at the go statement rather than following it
// (through an interface, go x.M(), there is no one function to follow).
// What that function calls still runs off the owner: the funcs it calls
// from fields (see searchCode), the goroutines -suggest places.
func (sp Entry) Started() []flow.FuncValue {
	if g, ok := sp.Call.(*ssa.Go); ok && sp.Direct != nil && len(sp.Targets) == 0 && !g.Call.IsInvoke() {
		return flow.FuncTargets(g.Call.Value)
	}
	return sp.Targets
}

// Reports says whether touching state of domain is a finding for the code
// at sp: off every owner any state is, on an owner another owner's.
func (sp Entry) Reports(domain string) bool {
	return sp.On == nil || *sp.On != domain
}

// A Walk is everything learnt from one function's body.
type Walk struct {
	Sum    summary.Summary
	Sites  []Site
	Spawns []Entry
	Hops   []Entry // func values sent to an owner: they run there
	// Behaviors are the functions handed to an actor as its next
	// behavior (Become(a.open)): its turns, from then on.
	Behaviors []*ssa.Function
	// Sends are where values are sent on channels, which a loop may
	// receive: sends, selects with send cases, and calls of the package's
	// functions that send what they are handed (see SentValues).
	Sends    []ssa.Instruction
	Evidence []where.Evidence // with -explain only
}

// summarize computes walks for fns and everything they reference, callees
// before callers, iterating recursive groups until they settle.
func (c *Package) summarize(fns []*ssa.Function) {
	t := &tarjan{c: c, index: make(map[*ssa.Function]int), low: make(map[*ssa.Function]int), onStack: make(map[*ssa.Function]bool)}
	for _, fn := range fns {
		if _, seen := t.index[fn]; !seen {
			t.Visit(fn)
		}
	}
}

type tarjan struct {
	c       *Package
	next    int
	index   map[*ssa.Function]int
	low     map[*ssa.Function]int
	onStack map[*ssa.Function]bool
	stack   []*ssa.Function
}

func (t *tarjan) Visit(fn *ssa.Function) {
	t.index[fn], t.low[fn] = t.next, t.next
	t.next++
	t.stack = append(t.stack, fn)
	t.onStack[fn] = true
	for _, callee := range slices.Concat(t.c.ReferencedFuncs(fn), t.c.startedFieldFuncs(fn)) {
		if _, seen := t.index[callee]; !seen {
			t.Visit(callee)
			t.low[fn] = min(t.low[fn], t.low[callee])
		} else if t.onStack[callee] {
			t.low[fn] = min(t.low[fn], t.index[callee])
		}
	}
	if t.low[fn] != t.index[fn] {
		return
	}
	var scc []*ssa.Function
	for {
		top := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.onStack[top] = false
		scc = append(scc, top)
		if top == fn {
			break
		}
	}
	slices.Reverse(scc)
	t.c.summarizeGroup(scc)
}

// maxRecursionRounds bounds the walks of a recursive group of functions.
// Summaries only grow, so the rounds end anyway; the bound is a guard
// against a bug turning into a hang.
const maxRecursionRounds = 10

// summarizeGroup walks a strongly connected group of functions until their
// summaries stop changing, at most maxRecursionRounds times.
func (c *Package) summarizeGroup(scc []*ssa.Function) {
	recursive := len(scc) > 1 || slices.Contains(c.ReferencedFuncs(scc[0]), scc[0])
	for range maxRecursionRounds {
		changed := false
		for _, fn := range scc {
			w := c.walkFunc(fn)
			if old := c.Walks[fn]; old == nil || !old.Sum.SameShape(&w.Sum) {
				changed = true
			}
			c.Walks[fn] = w
		}
		if !recursive || !changed {
			return
		}
	}
}

// ReferencedFuncs lists the functions with bodies that fn refers to: its
// callees, closures, method values and the implementations of the interface
// methods it calls, in instruction order. The call graph is walked more
// than once (SCCs, recursion checks, callback fields), so it is kept.
func (c *Package) ReferencedFuncs(fn *ssa.Function) []*ssa.Function {
	return flow.Memoized(c.refs, fn, c.computeReferencedFuncs)
}

func (c *Package) computeReferencedFuncs(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && call.Common().IsInvoke() {
				for _, impl := range c.Implementations(call.Common().Method) {
					if impl.Blocks != nil { // not plain (see plainFuncs)
						out = append(out, impl)
					}
				}
			}
			ops = instr.Operands(ops[:0])
			for _, op := range ops {
				f, ok := (*op).(*ssa.Function)
				if ok && f.Origin() != nil {
					f = f.Origin() // an instance's wrapper only converts: the generic body is what runs (see SummaryOf)
				}
				if ok && f.Blocks != nil {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// SummaryOf returns what calling fn may do: from this package's walks, or
// from the fact exported by fn's own package. It returns nil when nothing is
// known.
func (c *Package) SummaryOf(fn *ssa.Function) *summary.Summary {
	if w := c.Walks[fn]; w != nil {
		return &w.Sum
	}
	if origin := flow.Generic(fn); origin != fn {
		return c.SummaryOf(origin) // an instance of a generic function: its body's, parameters and all
	}
	if obj := flow.DeclaredFunc(fn); obj != nil {
		if use, ok := known.EntryUseOf(obj); ok {
			return flow.Memoized(c.entryUses, obj, func(obj *types.Func) *summary.Summary {
				return withEntryUse(obj, c.M.View.ImportedSummary(obj), use)
			})
		}
		return c.M.View.ImportedSummary(obj)
	}
	return nil
}

// withEntryUse is sum, the summary of the library function obj (nil for
// none), saying what use says it does with the entries it is handed.
func withEntryUse(obj *types.Func, sum *summary.Summary, use known.EntryUse) *summary.Summary {
	var out summary.Summary
	if sum != nil {
		out = sum.Clone()
	} else {
		out = summary.Unknown(obj.Signature())
	}
	for _, i := range use.Reads {
		out.AddContent(summary.ContentTouch{Source: summary.ParamSource(i), Action: summary.ActionReads})
	}
	for _, i := range use.Writes {
		out.AddContent(summary.ContentTouch{Source: summary.ParamSource(i), Action: summary.ActionWrites})
	}
	return &out
}

// exported reports whether fn's summary travels to importers: it is an
// exported function or method the package declares.
func (c *Package) exported(fn *ssa.Function) bool {
	obj := flow.DeclaredFunc(fn)
	return obj != nil && obj.Pkg() == c.pass.Pkg && fn.Synthetic == "" && obj.Exported()
}

// exportSummaries publishes the summaries of this package's exported
// functions and methods, the only ones other packages can call. A summary that says no more than what callers assume without
// one (see unknownSummary) is left out to keep facts small.
//
// So a missing fact on an exported function of a package that took the SSA
// path means "nothing to say" (see bodyInView).
func (c *Package) exportSummaries() {
	for fn, w := range c.Walks {
		if !c.exported(fn) {
			continue
		}
		obj := flow.DeclaredFunc(fn)
		sum := c.forImporters(&w.Sum)
		if len(sum.Touches) == 0 && sum.SameShape(unknownSummary(fn)) {
			continue
		}
		c.pass.ExportObjectFact(obj, &summary.SummaryFact{Summary: sum})
	}
}

// forImporters is sum as importers see it: of the fields whose funcs it
// calls, only the package's hooks (where.IsHook), which importers can
// fill.
func (c *Package) forImporters(sum *summary.Summary) summary.Summary {
	out := sum.Clone()
	out.CallsFields = slices.DeleteFunc(out.CallsFields, func(ref summary.FieldRef) bool {
		f := c.M.FieldOf(ref)
		return f != nil && f.Pkg() == c.pass.Pkg && !where.IsHook(f, c.pass.Pkg, c.storedHooks())
	})
	return out
}

// storedHooks are the fields of the package that its functions store
// their func parameters in (summary.StoredIn), found once the walks are
// done: hooks importers fill through them (where.IsHook).
func (c *Package) storedHooks() map[*types.Var]bool {
	if c.stored != nil {
		return c.stored
	}
	c.stored = make(map[*types.Var]bool)
	for _, w := range c.Walks {
		for _, fs := range w.Sum.StoredIn {
			if f := c.M.FieldOf(fs.Field); f != nil && f.Pkg() == c.pass.Pkg {
				c.stored[f.Origin()] = true
			}
		}
	}
	return c.stored
}

// unknownSummary is what callers assume of fn without a fact (see
// summary.Unknown).
func unknownSummary(fn *ssa.Function) *summary.Summary {
	s := summary.Unknown(fn.Signature)
	return &s
}
