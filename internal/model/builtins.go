package model

import (
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
)

// builtinTable is the one table of the code, outside the user's, that runs
// func values or methods somewhere other than on their caller: the SSA
// walk, the syntax-only path and -suggest all read it through the Model,
// as if each line were a declaration. Adding one is a line here and a
// testdata case (docs/directives.md, "Built-in sinks and entry points").
var builtinTable = []struct {
	verb string // directive.VerbAsync, VerbSync or VerbOffOwner
	spec string // as a declaration names it: "pkg.(*T).M:param", "pkg.Iface.M", "pkg.FuncType"
	why  string // for messages: how the code gets off the owner, if not plain
}{
	// Off the caller's goroutine.
	{directive.VerbAsync, "time.AfterFunc:f", ""},
	{directive.VerbAsync, "context.AfterFunc:f", ""},
	{directive.VerbAsync, "sync.(*WaitGroup).Go:f", ""},
	{directive.VerbAsync, "golang.org/x/sync/errgroup.(*Group).Go:f", ""},
	{directive.VerbAsync, "golang.org/x/sync/errgroup.(*Group).TryGo:f", ""},
	{directive.VerbAsync, "runtime.SetFinalizer:finalizer", ""},
	{directive.VerbAsync, "runtime.AddCleanup:cleanup", ""},
	// On another goroutine while the caller waits. They win over what their
	// bodies suggest (go tRunner(t, f)).
	{directive.VerbSync, "testing.(*T).Run:f", ""},
	{directive.VerbSync, "testing.(*B).Run:f", ""},
	{directive.VerbSync, "testing.(*F).Fuzz:ff", ""},
	// Entry points: net/http serves every request on a goroutine of its own.
	{directive.VerbAsync, "net/http.HandleFunc:handler", httpServes},
	{directive.VerbAsync, "net/http.(*ServeMux).HandleFunc:handler", httpServes},
	{directive.VerbOffOwner, "net/http.Handler.ServeHTTP", httpServes},
	{directive.VerbOffOwner, "net/http.HandlerFunc", httpServes},
}

const httpServes = "where net/http runs handlers on a per-request goroutine"

// A builtin is the functions of builtinTable of one verb.
type builtin struct {
	verb  string
	list  *directive.FuncList
	merge func(k *directive.Fact, params []int)
}

// builtins is builtinTable read, by verb; builtinWhy is the table's
// reasons by name. They are built once and never change.
var builtins, builtinWhy = readBuiltins()

// readBuiltins reads builtinTable; its specs are constants, so one that
// does not read is a bug.
func readBuiltins() ([]builtin, map[string]string) {
	out := []builtin{
		{verb: directive.VerbAsync, list: new(directive.FuncList), merge: func(k *directive.Fact, ps []int) { k.Async = directive.MergeParams(k.Async, ps) }},
		{verb: directive.VerbSync, list: new(directive.FuncList), merge: func(k *directive.Fact, ps []int) { k.Sync = directive.MergeParams(k.Sync, ps) }},
		{verb: directive.VerbOffOwner, list: new(directive.FuncList), merge: func(k *directive.Fact, _ []int) { k.OffOwner = true }},
	}
	why := make(map[string]string)
	for _, entry := range builtinTable {
		for _, b := range out {
			if b.verb == entry.verb {
				if err := b.list.Set(entry.spec); err != nil {
					panic(err)
				}
			}
		}
		if entry.why != "" {
			name, _, _ := strings.Cut(entry.spec, ":")
			key, err := directive.NormalizeFuncName(name)
			if err != nil {
				panic(err)
			}
			why[key] = entry.why
		}
	}
	return out, why
}

// builtinOffOwner is the built-in entry points, by name.
func builtinOffOwner() *directive.FuncList {
	return builtins[len(builtins)-1].list
}
