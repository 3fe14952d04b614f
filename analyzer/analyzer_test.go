package analyzer_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/confinecheck/confinecheck/analyzer"
)

// suites are the analysistest packages under testdata/src, one concern
// each; their // want comments are the expectations. Packages that are only
// imported (actor, future, chain/rpc, ...) are not roots, so analysistest
// never reads their // want comments: they have none.
var suites = []struct {
	name     string
	patterns []string
	settings analyzer.Settings
	module   bool // patterns name packages of this repository, not of testdata
}{
	// What counts as touching confined state.
	{name: "touches"},
	{name: "valuefields"},
	{name: "snapshotsubs"},
	// Ownership follows the value.
	{name: "ownership"},
	// Callbacks that run on the caller: sync.Once.Do, sort.Slice, defer...
	{name: "syncfuncs"},
	// Callbacks that run on another goroutine while the caller waits.
	{name: "syncsinks", settings: analyzer.Settings{Sync: []string{"syncsinks.flagged"}}},
	// Method calls touch what the method's body touches.
	{name: "methodcalls"},
	// A value a function allocates is its own, also across packages.
	{name: "tickhops", patterns: []string{"tickhops"}},
	{name: "freshvalues", patterns: []string{"freshvalues/server", "freshvalues/client"}},
	// Findings reached through chains of calls.
	{name: "transitive"},
	// Malformed and misplaced directives; accepted spellings.
	{name: "directives"},
	// //confined:ignore, used and unused.
	{name: "ignore"},
	// :async, :hop and :loop, built-in and inferred sinks.
	{name: "asyncdirective"},
	// A third-party library declared through flags; the errgroup built-ins.
	{name: "flagsinks", settings: analyzer.Settings{
		Async: []string{"example.com/lib.(*Client).OnDisconnect", "(*example.com/lib.Client).Subscribe:onErr", "example.com/lib.Every"},
		Hop:   []string{"example.com/lib.(*Client).Post"},
	}},
	// Code the user cannot annotate, declared with //confined:declare, in
	// the package and through facts.
	{name: "declare", patterns: []string{"declare/app", "declare/viafacts"}},
	// A command's declarations of packages it does not depend on.
	{name: "declaremain"},
	// -explain: what directives, declarations and bodies told the analyzer.
	{name: "explain", settings: analyzer.Settings{Explain: true}},
	// -explain on a package with nothing confined in reach: the syntax
	// path, explained.
	{name: "explainsyntax", settings: analyzer.Settings{Explain: true}},
	// Funcs another package keeps through options and setters run where
	// its functions calling them run.
	{name: "optionhooks"},
	{name: "ownloop"},
	// Several owners: named domains, cross-domain touches, sent values.
	{name: "domains"},
	// Domains across packages: directives and inferred hops through facts,
	// a declared third-party type of its own domain.
	{name: "domainfacts", patterns: []string{"domains/raft"}},
	// The same program without names: one owner, today's findings.
	{name: "nodomains"},
	// A construction-only field read off the owner: the :any advice.
	{name: "builtonly"},
	// A package that reaches confined state only through another
	// package's embedding of it still takes the SSA path.
	{name: "inreach", patterns: []string{"inreach/use"}},
	// A plain owner where every loop is named.
	{name: "allnamed"},
	// Funcs stored in another package's fields that it calls off the
	// owner: generated service handlers, on the syntax and SSA paths.
	{name: "storedfields", patterns: []string{"storedfields/rpc", "storedfields/pb", "storedfields/app", "storedfields/direct"}},
	// An implementation, in a package with nothing confined, of an
	// interface the settings declare offowner: the funcs its fields hold
	// run off the owner.
	{name: "storedentries", settings: analyzer.Settings{Declare: []string{"offowner storedfields/lib.Notifiee"}}, patterns: []string{"storedfields/lib", "storedfields/notifyapp"}},
	// Turns of the owner: //confined:loop on an interface method confines
	// the types that implement it, with no directive of their own.
	{name: "turns", patterns: []string{"turns/framework", "turns/app", "turns/actors"}},
	// The same turn declared, in the app's source and by the settings:
	// the same findings, though only the settings reach the framework's
	// own package.
	{name: "turnsdeclared", patterns: []string{"turnsdeclared/framework", "turnsdeclared/app"}},
	{name: "turnssettings", patterns: []string{"turnsdeclared/appsettings"}, settings: analyzer.Settings{Declare: []string{"loop turnsdeclared/framework.Receiver.Receive"}}},
	// Whole packages (owner path.*), and calls of the methods of a type
	// confined by a declaration, declared in source and in the settings.
	{name: "wholepkg", patterns: []string{"wholepkg/ui", "wholepkg/app"}},
	{name: "wholepkgsettings", patterns: []string{"wholepkg/appsettings"}, settings: analyzer.Settings{Declare: []string{"owner wholepkg/ui.*", "any wholepkg/ui.Label.Text", "hop wholepkg/ui.Do:f"}}},
	// A built-in pack applies to a package with its framework in view (a
	// stand-in for hollywood's actor package), with no flag; -explain
	// says which apply.
	{name: "builtinpack", patterns: []string{"builtinpack/app", "builtinpack/plain", "builtinpack/generated", "builtinpack/named"}, settings: analyzer.Settings{Explain: true}},
	// Where future callbacks run.
	{name: "futures"},
	// Fix hints name hop sinks of packages imported only indirectly.
	{name: "hophint"},
	{name: "strictfutures", settings: analyzer.Settings{Strict: true}},
	// The motivating bug over four packages, and its fix.
	{name: "chain", patterns: []string{"chain/region"}},
	// Callbacks stored in fields and called off the owner.
	{name: "callbacks"},
	// Where stored callbacks run: loops and hops stop the search, the
	// finding is the off-owner call of the field, go x.f(), creating a
	// closure runs nothing.
	{name: "callbackfields"},
	// Interface calls resolve to the implementations beside the interface.
	{name: "interfaces", patterns: []string{"ifaces/app"}},
	// ... to the implementations whose values reach the call.
	// ... to the other packages' types the package converts to its own
	// interfaces.
	{name: "consumerifaces", patterns: []string{"consumerifaces/app", "consumerifaces/fieldapp"}},
	// ... to the types that can reach them.
	{name: "ifacereach"},
	// Code that started a value's loop goes on beside it.
	{name: "startedloops", patterns: []string{"startedloops", "startedloops/worker"}},
	{name: "sharedresults", patterns: []string{"sharedresults", "sharedresults/mailbox"}},
	{name: "oncepublished"},
	{name: "spawnedactors", patterns: []string{"spawnedactors/game", "spawnedactors/desk", "spawnedactors", "spawnedactors/funcactor", "spawnedactors/servers", "spawnedactors/servers/stock", "spawnedactors/subscriber"}},
	{name: "teaprograms", patterns: []string{"github.com/charmbracelet/bubbletea", "teaprograms"}},
	{name: "teaharness", patterns: []string{"charm.land/bubbletea/v2", "github.com/charmbracelet/x/exp/teatest/v2", "teaharness"}},
	// Interfaces another package calls off the owner, handed snapshots
	// or the owner's own values.
	{name: "exporters"},
	// ... handed a third package's type by the package wiring the two.
	{name: "converted", patterns: []string{"converted/jobs", "converted/board", "converted/app"}},
	// ... or that another actor's turns call, handed another actor.
	{name: "turnwired", patterns: []string{"turnwired/worker", "turnwired/dispatch", "turnwired/app"}},
	// Hooks stored in another package's fields, which its functions,
	// called off the owner, call (on the syntax and SSA paths).
	{name: "hookfields", patterns: []string{"hookfields/importer", "hookfields/tracked", "hookfields/app"}},
	{name: "ifaceflow", patterns: []string{"ifaceflow", "ifaceflow/app"}},
	// Another package's helpers, with nothing confined in reach, handed
	// the owner's maps and slices from goroutines.
	{name: "helperentries", patterns: []string{"helperentries/prices", "helperentries/stock", "helperentries/app"}},
	// Replies and messages that carry the owner's own maps and slices.
	{name: "carriers", patterns: []string{"carriers/gate", "carriers/web", "carriers/table", "carriers/watch"}},
	// Packages with nothing confined in reach take the syntax-only path.
	{name: "syntaxsinks", patterns: []string{"plainutil", "usesplain"}},
	// Stored-callback sinks on the syntax-only path (transport is a
	// dependency only: sinks_test.go checks its facts against the SSA path).
	{name: "usestransport"},
	// Helpers left out of SSA, and the look-alikes that reach confined state.
	{name: "plainbodies"},
	{name: "plainbodies/strict", settings: analyzer.Settings{Strict: true}},
	// Timer callbacks.
	{name: "timers"},
	// Closures returned by a factory of the package, handed to sinks.
	{name: "factories"},
	// A turn's fan-out, waited for after its loop: slots of its own are
	// safe beside the siblings; a shared count is not.
	{name: "fanouts"},
	// Entry points frameworks run off the owner: net/http's handlers,
	// //confined:offowner, and a loop written as a goroutine literal.
	{name: "entrypoints"},
	// Channel, sync and atomic fields: free until the owner assigns them.
	{name: "chanfields"},
	// Values handed to code off the owner that the owner no longer reaches.
	{name: "handoffs"},
	// A value a callee returns and keeps in state: shared, not handed.
	{name: "keptresults"},
	// The line a confined method's finding names: where its entries are read.
	{name: "reachlines"},
	// Code that waits for the loop's reply: off the loop, and what the loop keeps is still its.
	{name: "roundtrips"},
	// A mailbox of closures of another package, drained by a loop here.
	{name: "mailboxes"},
	// The entries of a confined set written through its methods.
	{name: "entrysets"},
	// The shapes the README's demo shows, each next to its fix.
	{name: "shapes", module: true, patterns: []string{"github.com/confinecheck/confinecheck/examples/shapes"}},
	// Two owners, the README's second demo, next to its fix.
	{name: "twoactors", module: true, patterns: []string{"github.com/confinecheck/confinecheck/examples/twoactors"}},
}

// fixSuites are checked with their fixes applied: each package's .golden
// files are its files after the fixes.
var fixSuites = []string{"hopfix", "directivefix", "builtonly"}

func TestSuggestedFixes(t *testing.T) {
	for _, name := range fixSuites {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			a, err := analyzer.New(analyzer.Settings{})
			if err != nil {
				t.Fatal(err)
			}
			analysistest.RunWithSuggestedFixes(t, testdata(), a, name+"/...")
		})
	}
}

// TestAnalyzer runs the suites, those with the same settings in one
// analysistest run: a run type-checks the standard library from source,
// most of its time. A group's test is named by its suites, joined with
// "+", so -run 'TestAnalyzer/touches' still picks a suite's group.
func TestAnalyzer(t *testing.T) {
	type group struct {
		names, patterns []string
		settings        analyzer.Settings
		dir             string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, s := range suites {
		dir := testdata()
		if s.module {
			dir = repoRoot() // analysistest works in the module when dir has a go.mod
		}
		key := fmt.Sprintf("%#v %s", s.settings, dir)
		g := byKey[key]
		if g == nil {
			g = &group{settings: s.settings, dir: dir}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.names = append(g.names, s.name)
		if s.patterns == nil {
			g.patterns = append(g.patterns, s.name)
		}
		g.patterns = append(g.patterns, s.patterns...)
	}
	for _, g := range groups {
		t.Run(strings.Join(g.names, "+"), func(t *testing.T) {
			t.Parallel()
			a, err := analyzer.New(g.settings)
			if err != nil {
				t.Fatal(err)
			}
			analysistest.Run(t, g.dir, a, g.patterns...)
		})
	}
}

// testdata is the repository's shared analysistest tree.
func testdata() string { return filepath.Join(repoRoot(), "testdata") }

func repoRoot() string {
	dir, err := filepath.Abs("..")
	if err != nil {
		panic(err)
	}
	return dir
}
