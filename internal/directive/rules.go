package directive

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/nearest"
)

// A member is what a directive is about: a type, a struct field, or a
// function, method or interface method.
type member struct {
	obj      types.Object    // *types.TypeName, *types.Var or *types.Func
	pkg      *types.Package  // the package NAME names, when found, even if obj is not
	of       string          // the type a field or method belongs to, for messages
	ofType   *types.TypeName // that type, when the member is declared in source
	confined bool            // obj is a field or method of a confined type
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
func addDirective(f *Fact, m member, d directive) error {
	switch obj := m.obj.(type) {
	case *types.TypeName:
		if d.verb == VerbOffOwner {
			return addOffOwnerType(f, obj, m, d)
		}
		if d.verb != VerbOwner {
			return fmt.Errorf("%s does not apply to a type; only //confined:owner (or the bare //confined) marks a type, and //confined:offowner an interface or func type", d.spelling())
		}
		if f.OffOwner {
			return fmt.Errorf("%s is marked both //confined:owner and //confined:offowner; keep the one that is true", m.name())
		}
		if err := setDomain(&f.Domain, f.Owner, m, d); err != nil {
			return err
		}
		f.Owner = true
		return nil
	case *types.Var:
		switch {
		case d.verb != VerbOwner && d.verb != VerbAny:
			return fmt.Errorf("%s does not apply to a struct field; fields take //confined:owner or //confined:any", d.spelling())
		case d.verb == VerbAny && !m.confined:
			return fmt.Errorf("%s on a field of %s, which is not confined; mark the type //confined:owner or drop the directive", d.spelling(), m.of)
		}
	case *types.Func:
		if err := addFuncDirective(f, obj, m, d); err != nil || d.verb != VerbOwner && d.verb != VerbAny {
			return err
		}
	}
	if d.verb == VerbOwner {
		if f.OffOwner {
			return offOwnerConflict(m, d)
		}
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
		return fmt.Errorf("%s names %s, but %s already runs on or belongs to %s; one owner: keep the one that is true", d.spelling(), names.DomainName(d.domain), m.name(), names.DomainName(*domain))
	}
	*domain = d.domain
	return nil
}

// addFuncDirective handles the verbs of functions and methods; owner and
// any it only checks, for addDirective to record.
func addFuncDirective(f *Fact, fn *types.Func, m member, d directive) error {
	sig := fn.Signature()
	iface := names.IsInterfaceMethod(fn)
	switch d.verb {
	case VerbAny:
		if !m.confined && iface {
			return fmt.Errorf("%s on a method of an interface that is not confined; mark the interface //confined:owner or drop the directive", d.spelling())
		}
		if !m.confined {
			return fmt.Errorf("%s on %s, which is not a method of a confined type; mark the receiver type //confined:owner or drop the directive", d.spelling(), m.name())
		}
	case VerbLoop: // on an interface method: every implementation is a turn of the owner
		if f.OffOwner {
			return offOwnerConflict(m, d)
		}
		if err := setDomain(&f.Domain, f.Owner || f.Loop, m, d); err != nil {
			return err
		}
		f.Loop = true
	case VerbOffOwner:
		if f.Owner || f.Loop {
			return offOwnerConflict(m, d)
		}
		f.OffOwner = true
	case VerbAsync, VerbHop, VerbSync, VerbInherit:
		return addParamDirective(f, fn, m, d)
	case VerbCompletes:
		if err := returnsFuture(sig); err != nil {
			return fmt.Errorf("%s on %s, which %v; it belongs on a function returning a future or promise", d.spelling(), m.name(), err)
		}
		done, err := parseCompletion(d.args)
		if err != nil {
			return err
		}
		if f.Completes != CompletesUnknown && f.Completes != done {
			return fmt.Errorf("%s has conflicting //confined:completes directives (%s and %s)", m.name(), f.Completes, done)
		}
		f.Completes = done
	}
	return nil
}

// addParamDirective handles the verbs that name func parameters: async,
// hop, sync and inherit, and a hop by message.
func addParamDirective(f *Fact, fn *types.Func, m member, d directive) error {
	sig := fn.Signature()
	params, err := funcParams(fn, m.name(), d)
	if err != nil {
		return err
	}
	if len(params) == 0 && d.verb == VerbHop && takesMessage(sig) {
		// The framework's way back by message (an actor's Send to
		// itself): no func runs, but findings advise it.
		f.MessageHop = true
		return setDomain(&f.HopTo, len(f.Hop) > 0, m, d)
	}
	if len(params) == 0 && d.verb != VerbInherit {
		what := "no func-typed parameter to run"
		if d.verb == VerbHop {
			what += ", nor a message to send (a parameter of interface type)"
		}
		return fmt.Errorf("%s on %s, which has %s", d.spelling(), m.name(), what)
	}
	switch d.verb {
	case VerbAsync:
		f.Async = MergeParams(f.Async, params)
	case VerbHop:
		if err := setDomain(&f.HopTo, len(f.Hop) > 0, m, d); err != nil {
			return err
		}
		f.Hop = MergeParams(f.Hop, params)
	case VerbSync:
		f.Sync = MergeParams(f.Sync, params)
	case VerbInherit:
		f.Inherit = MergeParams(f.Inherit, params)
		f.Combinator = true
	}
	if a, b, both := conflictingParams(f); len(both) > 0 {
		return fmt.Errorf("parameter %s of %s is both //confined:%s and //confined:%s; it runs in one place: keep the one that is true", names.ParamName(sig, both[0]), m.name(), a, b)
	}
	return nil
}

// takesMessage reports whether sig takes a message to send: a parameter of
// interface type (any, a framework's Msg).
func takesMessage(sig *types.Signature) bool {
	for p := range sig.Params().Variables() {
		if types.IsInterface(p.Type()) {
			return true
		}
	}
	return false
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

// funcParams resolves a directive's PARAM list to argument indices of
// func-typed parameters (all of them when the list is empty).
func funcParams(fn *types.Func, name string, d directive) ([]int, error) {
	params := fn.Signature().Params()
	var out []int
	if len(d.args) == 0 {
		for i := range params.Len() {
			if names.IsFuncParam(fn.Signature(), i) {
				out = append(out, names.ArgIndex(fn.Signature(), i))
			}
		}
		return out, nil
	}
	for _, param := range d.args {
		i := slices.IndexFunc(slices.Collect(params.Variables()), func(v *types.Var) bool { return v.Name() == param })
		switch {
		case i < 0:
			var funcs []string
			for j, v := range slices.Collect(params.Variables()) {
				if names.IsFuncParam(fn.Signature(), j) {
					funcs = append(funcs, v.Name())
				}
			}
			return nil, fmt.Errorf("%s names %q, which is not a parameter of %s%s", d.spelling(), param, name, nearest.DidYouMean(param, funcs))
		case !names.IsFuncParam(fn.Signature(), i):
			return nil, fmt.Errorf("%s names parameter %s of %s, whose type %s is not a func", d.spelling(), param, name, params.At(i).Type())
		}
		out = append(out, names.ArgIndex(fn.Signature(), i))
	}
	return out, nil
}

func MergeParams(a, b []int) []int {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// conflictingParams returns two verbs that f gives the same parameter, and
// the parameters they share: a func runs off the owner (async), on it (hop)
// or on the caller while it waits (sync), not in two of these.
func conflictingParams(f *Fact) (string, string, []int) {
	sets := []struct {
		verb   string
		params []int
	}{{VerbAsync, f.Async}, {VerbHop, f.Hop}, {VerbSync, f.Sync}}
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

// mergeFact adds what src says about where func parameters run to dst.
func mergeFact(dst, src *Fact) {
	dst.Async = MergeParams(dst.Async, src.Async)
	dst.Hop = MergeParams(dst.Hop, src.Hop)
	if dst.HopTo == "" {
		dst.HopTo = src.HopTo
	}
	dst.Sync = MergeParams(dst.Sync, src.Sync)
	dst.Inherit = MergeParams(dst.Inherit, src.Inherit)
	dst.Combinator = dst.Combinator || src.Combinator
	dst.MessageHop = dst.MessageHop || src.MessageHop
	if dst.Completes == CompletesUnknown {
		dst.Completes = src.Completes
	}
}

// isType reports whether m is a type.
func (m member) isType() bool {
	_, ok := m.obj.(*types.TypeName)
	return ok
}

// Adopt records in f the directive verb args on obj as if it were written
// in obj's doc comment (it is a proposal of -suggest), or returns why it
// does not fit. confined says whether a method's receiver type is
// confined.
func Adopt(f *Fact, obj types.Object, confined bool, verb string, args []string) error {
	d := directive{verb: verb, form: "-suggest"}
	d.domain, d.args, _ = SplitDomain(verb, "", args)
	m := member{obj: obj, confined: confined}
	if fn, ok := obj.(*types.Func); ok {
		if named := names.ReceiverNamed(fn); named != nil {
			m.of = named.Obj().Name()
		}
	}
	return addDirective(f, m, d)
}

// addOffOwnerType records //confined:offowner on the type obj, which must
// be an interface (every implementation's methods run off the owner) or a
// func type (every value of it does).
func addOffOwnerType(f *Fact, obj *types.TypeName, m member, d directive) error {
	switch obj.Type().Underlying().(type) {
	case *types.Interface, *types.Signature:
	default:
		return fmt.Errorf("%s on %s, which is neither an interface nor a func type; on a type it marks an interface whose implementations, or a func type whose values, run off the owner", d.spelling(), m.name())
	}
	if f.Owner {
		return offOwnerConflict(m, d)
	}
	f.OffOwner = true
	return nil
}

// offOwnerConflict says that m cannot both run off the owner and on it.
func offOwnerConflict(m member, d directive) error {
	return fmt.Errorf("%s contradicts what %s already says: code marked //confined:offowner runs off every owner, so it is neither an owner's loop nor owner-only; keep the one that is true", d.spelling(), m.name())
}
