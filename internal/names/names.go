package names

import (
	"fmt"
	"go/types"
	"strings"
)

// Qualifier names packages by their name, as users write them.
func Qualifier(p *types.Package) string { return p.Name() }

// TypeName renders a named type as "pkg.T", or "pkg.Box[T]" for generic
// types, as method receivers show them.
func TypeName(named *types.Named) string {
	name := Qualifier(named.Obj().Pkg()) + "." + named.Obj().Name()
	if tps := named.TypeParams(); tps.Len() > 0 {
		var params []string
		for tp := range tps.TypeParams() {
			params = append(params, tp.Obj().Name())
		}
		name += "[" + strings.Join(params, ", ") + "]"
	}
	return name
}

// FuncName renders a function or method as "pkg.F" or "(*pkg.T).M".
func FuncName(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), Qualifier) + ")." + fn.Name()
	}
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

func Pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// ObjectName renders a declared object for messages.
func ObjectName(obj types.Object) string {
	switch obj := obj.(type) {
	case *types.Func:
		return FuncName(obj)
	case *types.TypeName:
		if named, ok := obj.Type().(*types.Named); ok {
			return TypeName(named)
		}
	case *types.Var:
		return "field " + obj.Name()
	}
	return obj.Name()
}

// DomainName is how messages name a domain.
func DomainName(domain string) string {
	if domain == "" {
		return "the default owner"
	}
	return "@" + domain
}

// AtDomain is how summaries and facts print a domain: "" for the default.
func AtDomain(domain string) string {
	if domain == "" {
		return ""
	}
	return " @" + domain
}

// IsInterfaceMethod reports whether fn is declared in an interface.
func IsInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// ArgIndex is the call argument index of parameter i of sig: a receiver
// is argument 0, as in SSA calls and directiveFacts.
func ArgIndex(sig *types.Signature, i int) int {
	if sig.Recv() != nil {
		return i + 1
	}
	return i
}

// ParamName is the name of the parameter at argument index arg of sig.
func ParamName(sig *types.Signature, arg int) string {
	for i := range sig.Params().Len() {
		if ArgIndex(sig, i) == arg {
			return sig.Params().At(i).Name()
		}
	}
	return fmt.Sprint(arg)
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return IsNamedType(t, "context", "Context") }

// IsNamedType reports whether t is the type named name of the package
// with the import path path.
func IsNamedType(t types.Type, path, name string) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == path && named.Obj().Name() == name
}

func IsFuncTyped(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// IsFuncChan reports whether t is a channel of funcs.
func IsFuncChan(t types.Type) bool {
	ch, ok := t.Underlying().(*types.Chan)
	return ok && IsFuncTyped(ch.Elem())
}

// IsFuncParam reports whether parameter i of sig takes func values: it is
// func-typed, or it is a variadic ...func whose every argument is one.
func IsFuncParam(sig *types.Signature, i int) bool {
	t := sig.Params().At(i).Type()
	if IsFuncTyped(t) {
		return true
	}
	if slice, ok := t.(*types.Slice); ok && sig.Variadic() && i == sig.Params().Len()-1 {
		return IsFuncTyped(slice.Elem())
	}
	return false
}

func IsStruct(named *types.Named) bool {
	_, ok := named.Underlying().(*types.Struct)
	return ok
}

func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
