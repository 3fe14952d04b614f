package analyzer

// This file holds the analyzer's settings: third-party functions declared
// async, hop, inherit or completes from the command line (go vet passes them as
// -confinecheck.NAME), and -strict.

import (
	"flag"
	"fmt"
	"go/types"
	"sort"
	"strings"
)

// funcList is a flag naming functions, each optionally followed by the func
// parameters it applies to: "time.AfterFunc:f" or
// "example.com/lib.(*Client).OnDisconnect:handler+onError". Entries are
// separated by commas; the flag may also be repeated.
type funcList struct {
	specs map[string][]string // normalized function name -> parameter names
}

func (l *funcList) String() string {
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

func (l *funcList) Set(value string) error {
	for _, entry := range strings.Split(value, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		name, params, _ := strings.Cut(entry, ":")
		key, err := normalizeFuncName(name)
		if err != nil {
			return err
		}
		if l.specs == nil {
			l.specs = make(map[string][]string)
		}
		if params != "" {
			l.specs[key] = append(l.specs[key], strings.Split(params, "+")...)
		} else if _, ok := l.specs[key]; !ok {
			l.specs[key] = nil
		}
	}
	return nil
}

// lookup returns the parameter names given for fn, and whether fn is listed.
func (l *funcList) lookup(fn *types.Func) ([]string, bool) {
	if l == nil || len(l.specs) == 0 || fn.Pkg() == nil {
		return nil, false
	}
	params, ok := l.specs[funcKey(fn)]
	return params, ok
}

// normalizeFuncName accepts "pkg/path.Func", "pkg/path.(*T).M",
// "pkg/path.T.M" and types.Func.FullName's "(*pkg/path.T).M" and returns
// "pkg/path.T.M" (or "pkg/path.Func").
func normalizeFuncName(name string) (string, error) {
	bad := fmt.Errorf("cannot read function name %q: write it as import/path.Func, import/path.Type.Method or import/path.(*Type).Method", name)
	if strings.HasPrefix(name, "(") { // (*pkg/path.T).M
		recv, method, ok := strings.Cut(name[1:], ").")
		if !ok || method == "" {
			return "", bad
		}
		recv = strings.TrimPrefix(recv, "*")
		dot := strings.LastIndex(recv, ".")
		if dot <= strings.LastIndex(recv, "/") {
			return "", bad
		}
		return recv + "." + method, nil
	}
	slash := strings.LastIndex(name, "/")
	dot := strings.Index(name[slash+1:], ".")
	if dot < 0 {
		return "", bad
	}
	pkg, rest := name[:slash+1+dot], name[slash+1+dot+1:]
	rest = strings.NewReplacer("(*", "", "(", "", ")", "").Replace(rest)
	if pkg == "" || rest == "" || strings.Count(rest, ".") > 1 {
		return "", bad
	}
	return pkg + "." + rest, nil
}

// funcKey is fn's name in the form normalizeFuncName returns.
func funcKey(fn *types.Func) string {
	if named := receiverNamed(fn); named != nil {
		return fn.Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
	}
	if recv := fn.Signature().Recv(); recv != nil { // interface method
		if named, ok := types.Unalias(recv.Type()).(*types.Named); ok {
			return fn.Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// settings are the analyzer's flags. They are written only while flags are
// parsed, before any package is analyzed.
type settings struct {
	async, hop, inherit, completesAsync, completesOwner funcList
	strict                                              bool
}

var flagSettings settings

func init() {
	fs := &Analyzer.Flags
	fs.Var(&flagSettings.async, "async", "functions whose func parameters run off the owner, as `pkg.Func[:param+param],...`")
	fs.Var(&flagSettings.hop, "hop", "functions whose func parameters run on the owner (mailbox posts), as `pkg.(*T).Method[:param],...`")
	fs.Var(&flagSettings.inherit, "inherit", "future combinators whose callbacks run where the receiver completes, as `pkg.(*Future).Map[:param],...`")
	fs.Var(&flagSettings.completesAsync, "completes-async", "functions returning futures that complete off the owner (timers, timeouts), as `pkg.Sleep,...`")
	fs.Var(&flagSettings.completesOwner, "completes-owner", "functions returning futures that complete on the owner (replies the loop fulfils), as `pkg.(*Client).Call,...`")
	fs.BoolVar(&flagSettings.strict, "strict", false, "treat futures without completes/inherit declarations as completing anywhere, and resolve interface calls to every implementation")
}

var _ flag.Value = (*funcList)(nil)
