package suggest

// This file proposes //confined:any on the safe methods of types that a
// declaration or a framework's turn confines: a pack's actor, a type
// declared owned in a conf file. Calling a method of such a type from
// another package is a touch whatever its body does
// (model.ConfinedByDeclaration): the other package may not have seen the
// declaration, so it cannot trust the method's summary. A method that only
// reads the type's :any fields, its atomics or what its lock guards (an
// HTTP handler's Symbol() or Delivered()) is then reported where it is
// called, unless it says it is safe from anywhere, as the docs tell users to.

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/flow"
	"github.com/confinecheck/confinecheck/internal/names"
	"golang.org/x/tools/go/ssa"
)

// proposeSafeMethods proposes //confined:any on each exported method, outside
// tests, of the package's types that a declaration or a turn confines
// without a //confined:owner of their own, when the method:
//   - uses a field of its receiver (a method that does not is nobody's
//     concern);
//   - carries no directive and is no turn of the owner;
//   - calls nothing but builtins and the standard library: code of the
//     module, or of a dependency, may touch state this run only proposes
//     to confine (a field's *Log, proposed owned in its own package), which
//     no summary shows yet (see standardLibrary);
//   - walked again with the :any fields proposed so far adopted, touches
//     nothing confined, starts nothing and hands no func anywhere.
//
// It adopts those :any fields: the walk must see what -fix will write.
func (s *Suggester) proposeSafeMethods() {
	var confined []*types.Named
	for _, obj := range confinedByHand(s.pass.Pkg, s.m, s.inTestFile, s.proposals) {
		if named := obj.Type().(*types.Named); s.m.ConfinedByDeclaration(named) {
			confined = append(confined, named) // (with an owner of its own, callers read its methods' summaries)
		}
	}
	var anyFields []proposal
	for _, p := range s.proposals {
		field, ok := p.obj.(*types.Var)
		if ok && p.verb == directive.VerbAny && slices.ContainsFunc(confined, func(named *types.Named) bool {
			return names.FieldNamed(named.Obj(), field.Name()) == field
		}) {
			anyFields = append(anyFields, p)
		}
	}
	s.adopt(anyFields)
	for _, named := range confined {
		obj := named.Obj()
		by := "a declaration"
		if _, turn := s.m.Turns.Owner(named); turn {
			by = "a turn it implements"
		}
		for _, fn := range s.exportedMethods(named) {
			method := fn.Object().(*types.Func)
			if _, turn := s.m.Turns.Of(method); turn || s.m.Directives(method) != nil || !usesFieldOf(fn, named) || !callsOnlyStandard(fn, s.standardLibrary) {
				continue
			}
			if sum := s.e.Resummarize(fn); !sum.Inert() {
				continue
			}
			s.propose(proposal{obj: method, verb: directive.VerbAny, evidence: fmt.Sprintf("it touches nothing confined (only :any fields, "+
				"atomics or what a lock guards), but %s confines %s, which other packages may not see: called from one, "+
				"it counts as touching %[2]s's state unless it says it is safe", by, obj.Name())})
		}
	}
}

// usesFieldOf reports whether fn reads or writes a field of a value of
// named.
func usesFieldOf(fn *ssa.Function, named *types.Named) bool {
	return anyInstr(fn, func(instr ssa.Instruction) bool {
		var x ssa.Value
		switch in := instr.(type) {
		case *ssa.FieldAddr:
			x = in.X
		case *ssa.Field:
			x = in.X
		default:
			return false
		}
		return names.DerefNamed(x.Type()) == named
	})
}

// callsOnlyStandard reports whether every call fn makes, and the closures
// it makes make, is of a builtin or of a function of a package std says is
// the standard library's.
func callsOnlyStandard(fn *ssa.Function, std func(*types.Package) bool) bool {
	if anyInstr(fn, func(instr ssa.Instruction) bool {
		call, ok := instr.(ssa.CallInstruction)
		if !ok {
			return false
		}
		common := call.Common()
		if _, builtin := common.Value.(*ssa.Builtin); builtin {
			return false
		}
		callee := common.StaticCallee()
		switch {
		case callee == nil:
			return true // a func value or an interface method: any code
		case callee.Parent() != nil:
			return false // a closure of fn's, looked into below
		}
		obj := flow.DeclaredFunc(callee)
		return obj == nil || obj.Pkg() == nil || !std(obj.Pkg())
	}) {
		return false
	}
	for _, anon := range fn.AnonFuncs {
		if !callsOnlyStandard(anon, std) {
			return false
		}
	}
	return true
}

// standardLibrary reports whether pkg is the standard library's: its path
// starts with no domain, and it is neither this package nor of the main
// module, whose path need not have one either (module feedreader).
func (s *Suggester) standardLibrary(pkg *types.Package) bool {
	first, _, _ := strings.Cut(pkg.Path(), "/")
	return pkg != s.pass.Pkg && !strings.Contains(first, ".") && !inModule(s.pass, pkg.Path())
}
