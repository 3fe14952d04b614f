package analyzer

import (
	"fmt"
	"go/types"
	"strings"
)

// qualifier names packages by their name, as users write them.
func qualifier(p *types.Package) string { return p.Name() }

// typeName renders a named type as "pkg.T", or "pkg.Box[T]" for generic
// types, as method receivers show them.
func typeName(named *types.Named) string {
	name := qualifier(named.Obj().Pkg()) + "." + named.Obj().Name()
	if tps := named.TypeParams(); tps.Len() > 0 {
		var params []string
		for tp := range tps.TypeParams() {
			params = append(params, tp.Obj().Name())
		}
		name += "[" + strings.Join(params, ", ") + "]"
	}
	return name
}

// funcName renders a function or method as "pkg.F" or "(*pkg.T).M".
func funcName(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), qualifier) + ")." + fn.Name()
	}
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// objectName renders a declared object for messages.
func objectName(obj types.Object) string {
	switch obj := obj.(type) {
	case *types.Func:
		return funcName(obj)
	case *types.TypeName:
		if named, ok := obj.Type().(*types.Named); ok {
			return typeName(named)
		}
	case *types.Var:
		return "field " + obj.Name()
	}
	return obj.Name()
}

// domainName is how messages name a domain.
func domainName(domain string) string {
	if domain == "" {
		return "the default owner"
	}
	return "@" + domain
}

// atDomain is how summaries and facts print a domain: "" for the default.
func atDomain(domain string) string {
	if domain == "" {
		return ""
	}
	return " @" + domain
}

// isInterfaceMethod reports whether fn is declared in an interface.
func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// argIndex is the call argument index of parameter i of sig: a receiver
// is argument 0, as in SSA calls and directiveFacts.
func argIndex(sig *types.Signature, i int) int {
	if sig.Recv() != nil {
		return i + 1
	}
	return i
}

// paramName is the name of the parameter at argument index arg of sig.
func paramName(sig *types.Signature, arg int) string {
	for i := range sig.Params().Len() {
		if argIndex(sig, i) == arg {
			return sig.Params().At(i).Name()
		}
	}
	return fmt.Sprint(arg)
}

func isFuncTyped(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

func isStruct(named *types.Named) bool {
	_, ok := named.Underlying().(*types.Struct)
	return ok
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
