package engine

import "github.com/confinecheck/confinecheck/internal/directive"

// builtinTable is the one table of the functions, outside the user's code,
// whose func parameters run somewhere other than on their caller: the
// SSA walk, the syntax-only path and -suggest all read it through
// Model.Contract, as if each line were a declaration. Adding one is a line
// here and a testdata case (docs/directives.md, "Built-in sinks").
var builtinTable = []struct {
	verb string // directive.VerbAsync or directive.VerbSync
	spec string // as the flags take it: "pkg.(*T).M:param"
}{
	// Off the caller's goroutine.
	{directive.VerbAsync, "time.AfterFunc:f"},
	{directive.VerbAsync, "context.AfterFunc:f"},
	{directive.VerbAsync, "sync.(*WaitGroup).Go:f"},
	{directive.VerbAsync, "golang.org/x/sync/errgroup.(*Group).Go:f"},
	{directive.VerbAsync, "golang.org/x/sync/errgroup.(*Group).TryGo:f"},
	{directive.VerbAsync, "runtime.SetFinalizer:finalizer"},
	{directive.VerbAsync, "runtime.AddCleanup:cleanup"},
	// On another goroutine while the caller waits. They win over what their
	// bodies suggest (go tRunner(t, f)).
	{directive.VerbSync, "testing.(*T).Run:f"},
	{directive.VerbSync, "testing.(*B).Run:f"},
	{directive.VerbSync, "testing.(*F).Fuzz:ff"},
}

// A builtin is the functions of builtinTable of one verb.
type builtin struct {
	list  *directive.FuncList
	merge func(k *directive.Fact, params []int)
}

// builtins is builtinTable read, by verb. It is built once and never
// changes.
var builtins = readBuiltins()

// readBuiltins reads builtinTable; its specs are constants, so one that
// does not read is a bug.
func readBuiltins() []builtin {
	async := builtin{list: new(directive.FuncList), merge: func(k *directive.Fact, ps []int) { k.Async = directive.MergeParams(k.Async, ps) }}
	sync := builtin{list: new(directive.FuncList), merge: func(k *directive.Fact, ps []int) { k.Sync = directive.MergeParams(k.Sync, ps) }}
	for _, b := range builtinTable {
		list := async.list
		if b.verb == directive.VerbSync {
			list = sync.list
		}
		if err := list.Set(b.spec); err != nil {
			panic(err)
		}
	}
	return []builtin{async, sync}
}
