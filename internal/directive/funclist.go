package directive

import (
	"fmt"
	"go/types"
	"sort"
	"strings"

	"github.com/confinecheck/confinecheck/internal/names"
)

// FuncList is a flag naming functions, each optionally followed by the func
// parameters it applies to: "time.AfterFunc:f" or
// "example.com/lib.(*Client).OnDisconnect:handler+onError". Entries are
// separated by commas; the flag may also be repeated.
type FuncList struct {
	specs map[string][]string // normalized function name -> parameter names; none means all
	all   map[string]bool     // names given once without parameters: all of them, for good
}

func (l *FuncList) String() string {
	if l == nil {
		return ""
	}
	var out []string
	for name, params := range l.specs {
		if len(params) > 0 {
			name += ":" + strings.Join(params, "+")
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

func (l *FuncList) Set(value string) error {
	for _, entry := range strings.Split(value, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		name, params, _ := strings.Cut(entry, ":")
		key, err := NormalizeFuncName(name)
		if err != nil {
			return err
		}
		if l.specs == nil {
			l.specs, l.all = make(map[string][]string), make(map[string]bool)
		}
		switch {
		case params == "" || l.all[key]:
			l.specs[key], l.all[key] = nil, true
		default:
			l.specs[key] = append(l.specs[key], strings.Split(params, "+")...)
		}
	}
	return nil
}

// Lookup returns the parameter names given for fn, and whether fn is listed.
func (l *FuncList) Lookup(fn *types.Func) ([]string, bool) {
	if l == nil || len(l.specs) == 0 || fn.Pkg() == nil {
		return nil, false
	}
	params, ok := l.specs[FuncKey(fn)]
	return params, ok
}

// NormalizeFuncName accepts "pkg/path.Func", "pkg/path.(*T).M",
// "pkg/path.T.M" and types.Func.FullName's "(*pkg/path.T).M" (type
// parameter lists allowed) and returns "pkg/path.T.M" (or "pkg/path.Func"),
// the form funcKey gives. Comparing whole names avoids guessing where a
// package path like gopkg.in/yaml.v3 ends.
func NormalizeFuncName(name string) (string, error) {
	stripped := stripTypeParams(strings.TrimSpace(name))
	key := strings.NewReplacer("(*", "", "(", "", ")", "").Replace(stripped)
	slash := strings.LastIndex(key, "/")
	if open, end := strings.Index(stripped, "("), strings.Index(stripped, ")"); open >= 0 {
		// A receiver in parentheses must name a package's type and be
		// followed by a method: (*pkg.T).M or pkg.(*T).M.
		recv := stripped[open+1 : max(end, open+1)]
		if open == 0 && !strings.Contains(recv[strings.LastIndex(recv, "/")+1:], ".") {
			key = ""
		}
		if end < open || !strings.HasPrefix(stripped[end:], ").") {
			key = ""
		}
	}
	if key == "" || strings.ContainsAny(key, " \t*") || !strings.Contains(key[slash+1:], ".") || strings.HasSuffix(key, ".") || strings.HasPrefix(key, ".") {
		return "", fmt.Errorf("cannot read function name %q: write it as import/path.Func, import/path.Type.Method or import/path.(*Type).Method", name)
	}
	return key, nil
}

// stripTypeParams drops bracketed type parameter lists: "(*p.F[T]).M" and
// "p.G[T]" name the same functions as "(*p.F).M" and "p.G".
func stripTypeParams(name string) string {
	var b strings.Builder
	depth := 0
	for _, r := range name {
		switch {
		case r == '[':
			depth++
		case r == ']' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// FuncKey is fn's name in the form NormalizeFuncName returns.
func FuncKey(fn *types.Func) string {
	if named := names.ReceiverNamed(fn); named != nil {
		return fn.Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
	}
	if recv := fn.Signature().Recv(); recv != nil { // interface method
		if named, ok := types.Unalias(recv.Type()).(*types.Named); ok {
			return fn.Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// LookupKey is Lookup for a name in FuncKey's form: a type's too.
func (l *FuncList) LookupKey(key string) ([]string, bool) {
	if l == nil || len(l.specs) == 0 {
		return nil, false
	}
	params, ok := l.specs[key]
	return params, ok
}
