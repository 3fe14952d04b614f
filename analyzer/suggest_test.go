package analyzer_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/confinecheck/confinecheck/analyzer"
)

// TestSuggest checks -suggest's proposals and, through golden files, the
// code after -suggest -fix.
func TestSuggest(t *testing.T) {
	a, err := analyzer.New(analyzer.Settings{Suggest: true})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, testdata(), a, "suggest", "suggestnot", "suggestfutures", "suggestfutures/spawning", "suggestfutures/scheduled", "suggestfutures/pooled", "suggestshapes", "suggestselect", "suggestwriters", "suggestsetup", "suggestsetup/refused", "suggestbuilt", "suggestownloop", "suggestownloop/starter", "suggestregistry", "suggestdoubles", "suggestreaped", "suggestcallbacks", "suggestloopless", "suggestloopless/refresher", "suggestloopless/shipper", "suggestloopless/reporter", "suggestloopless/looped", "suggestloopless/stamped", "suggestreader", "suggestreadonly", "suggeststarted", "suggestturns", "suggestmutex", "suggestlockbranch", "suggestpoll", "suggestkept", "suggestkept/cargo", "suggestkept/options", "suggestframes", "suggestframes/tcell", "suggestframesiface", "suggestdomains", "suggestwidgets", "suggestanyline", "suggestserializer", "suggestserializer/requests", "suggestserializer/guarded", "suggestcopies", "suggestwatcher", "suggestwatcherloop", "suggestshared", "suggestelements", "suggestunownedelements", "suggestrecorders", "suggestroundtrip", "suggestcallerrun", "suggestcallerrun/poll", "suggestcallerrun/value", "suggestcallerrun/executor", "suggestcallerrun/keeper", "suggestcallerrun/topics", "suggestcallerrun/lobby", "suggestcallbacks/bus", "suggestcallbacks/hooked", "suggestcopies/rows", "suggestcopies/queued", "suggestcopies/prefs", "suggestcopies/pushed", "suggestcopies/stored", "suggestcallbacks/registrant", "suggestcallbacks/started", "suggestfieldcalls", "suggestfieldcalls/anywhere", "suggestturns/reader", "suggestturns/harness", "suggestturns/harness/engine", "suggestframesunstarted", "suggestturns/started", "suggestturns/initialized", "suggestturns/defaults", "suggestmutex/reads", "suggestmutex/kept", "suggestmutex/retries", "suggestmutex/closedloop", "suggestturns/mutex", "suggestclients", "suggestclients/handles", "suggestheld", "suggestturns/hopmutex", "suggestturns/safe", "suggestturns/behavior", "suggeststarted/received", "suggeststarted/receivedok", "suggestmutex/loopreads", "suggestmutex/hopped", "suggestmutex/rows", "suggestmutex/counters", "suggestgeneric", "suggestloopstate", "suggestcallbacks/wrapped", "suggestifaceimpl/source", "suggestifaceimpl", "suggestsetup/viastart")
}

// TestSuggestExplain checks that -suggest -explain names, for the candidate
// loops and owners it declined, the rule that stopped each.
func TestSuggestExplain(t *testing.T) {
	a, err := analyzer.New(analyzer.Settings{Suggest: true, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(), a, "suggestexplain", "suggestexplain/gatherers", "suggestnamed", "suggestexplainline")
}

// TestSuggestExplainForeign checks, in module mode (another package of a
// GOPATH tree is no module's), that a type of another package of the
// module declined where its values are used gets its -explain line there.
func TestSuggestExplainForeign(t *testing.T) {
	got := suggestedInModule(t, "explainforeign", func(msg string) bool {
		return strings.Contains(msg, "explain: no //confined:owner for cache.Cache")
	})
	if len(got) != 1 || !strings.Contains(got[0], "cache.go:5:6: explain: no //confined:owner for cache.Cache (as example.com/explainforeign uses it): the package hands its values over") {
		t.Errorf("want the cache's explain line, from its importer, once; got:\n%s", strings.Join(got, "\n"))
	}
}

// TestSuggestEmbeddedForeign checks, in module mode, that a loop writing
// the fields of another package's record its builds embed proposes the
// build type owned, not the record type.
func TestSuggestEmbeddedForeign(t *testing.T) {
	got := suggestedInModule(t, "embeddedforeign", func(msg string) bool {
		return strings.HasPrefix(msg, "suggest for ") && strings.Contains(msg, "//confined:owner")
	})
	if len(got) != 1 || !strings.Contains(got[0], "suggest for embeddedforeign.Build: //confined:owner") {
		t.Errorf("want the build type alone proposed owned; got:\n%s", strings.Join(got, "\n"))
	}
}

// TestSuggestDoublesBesideNamedLoops checks, in module mode, that a test
// double is proposed where the package's own loop is named apart from an
// imported package's unexported loop of the default owner: the default
// owner still has a loop in view.
func TestSuggestDoublesBesideNamedLoops(t *testing.T) {
	got := suggestedInModule(t, "doublesnamed", func(msg string) bool { return strings.HasPrefix(msg, "suggest for pump.") })
	want := []string{"suggest for pump.Pump: //confined:owner @pump", "suggest for pump.fakeSink: //confined:owner: a test double"}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, w) }) {
			t.Errorf("want %q; got:\n%s", w, strings.Join(got, "\n"))
		}
	}
}

// TestSuggestHandedForeign checks, in module mode, that a loop writing
// another package's type that its own package hands over (sends it, on a
// loop of its own, carried in a transfer) does not propose it owned by
// that loop: the type's package says it hands it over (HandedFact).
func TestSuggestHandedForeign(t *testing.T) {
	got := suggestedInModule(t, "handedforeign", func(msg string) bool { return strings.Contains(msg, "inventory.Spool") })
	want := "explain: no //confined:owner for inventory.Spool (as example.com/handedforeign uses it): its own package hands its values over"
	if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, want) }) || slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, "suggest for inventory.Spool") }) {
		t.Errorf("want no proposal for the spool, and %q; got:\n%s", want, strings.Join(got, "\n"))
	}
}

// suggestedInModule runs -suggest -explain on the module in testdata/dir
// (or dir, absolute) and returns the diagnostics whose message keep says to, as
// "position: message".
func suggestedInModule(t *testing.T, dir string, keep func(string) bool) []string {
	t.Helper()
	a, err := analyzer.New(analyzer.Settings{Suggest: true, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	var ignored expectations
	var got []string
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(testdata(), dir)
	}
	for _, r := range analysistest.Run(&ignored, dir, a, "./...") {
		for _, d := range r.Diagnostics {
			if keep(d.Message) {
				got = append(got, r.Pass.Fset.Position(d.Pos).String()+": "+d.Message)
			}
		}
	}
	return got
}

// TestSuggestedThenChecked runs the plain check on the actor after
// -suggest -fix (its golden file): the timer's write is the one finding.
func TestSuggestedThenChecked(t *testing.T) {
	golden, err := os.ReadFile(filepath.Join(testdata(), "src", "suggest", "actor.go.golden"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pkg := filepath.Join(dir, "src", "suggested")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "actor.go"), golden, 0o644); err != nil {
		t.Fatal(err)
	}
	// The golden file's // want comments are -suggest's: read the
	// diagnostics, not the expectations.
	var ignored expectations
	results := analysistest.Run(&ignored, dir, analyzer.Analyzer, "suggested")
	var got []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			got = append(got, r.Pass.Fset.Position(d.Pos).String()+": "+d.Message)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], "writes confined suggest.Actor.count off the owner: this code runs via time.AfterFunc") {
		t.Errorf("want the timer's write as the one finding, got:\n%s", strings.Join(got, "\n"))
	}
}

// expectations swallows what analysistest says of // want comments.
type expectations struct{}

func (*expectations) Errorf(string, ...any) {}

// TestSuggestHeldForeign checks, in module mode, that a turn writing
// another package's values only in the elements of a slice its state
// keeps proposes no owner for their type, and says why under -explain.
func TestSuggestHeldForeign(t *testing.T) {
	proposed := suggestedInModule(t, "heldforeign", func(msg string) bool { return strings.Contains(msg, "suggest for cards.Column") })
	explained := suggestedInModule(t, "heldforeign", func(msg string) bool {
		return strings.Contains(msg, "explain: no //confined:owner for cards.Column") && strings.Contains(msg, "only in the elements of a slice its own state keeps")
	})
	if len(proposed) > 0 || len(explained) != 1 {
		t.Errorf("want no proposal for cards.Column and one explain line; got proposals:\n%s\nexplain lines:\n%s", strings.Join(proposed, "\n"), strings.Join(explained, "\n"))
	}
}

// TestSuggestImportedLoops checks, in module mode, that a package's one
// loop is named when a package it imports has a loop of the default
// owner: else both would be one owner.
func TestSuggestImportedLoops(t *testing.T) {
	got := suggestedInModule(t, "importedloops", func(msg string) bool { return strings.HasPrefix(msg, "suggest for") })
	want := []string{
		"base.go:4:6: suggest for base.Table: //confined:owner:",
		"base.go:15:17: suggest for (*base.Table).loop: //confined:loop:",
		"upper.go:9:6: suggest for upper.Syncer: //confined:owner @syncer:",
		"upper.go:16:18: suggest for (*upper.Syncer).run: //confined:loop @syncer:",
	}
	wantEach(t, got, want)
}

// TestSuggestLooplessImports: a loop calling a tracker of a package with
// no loop, which belongs to its caller, keeps the default owner beside an
// imported loop; one calling only a guarded gauge there is named.
func TestSuggestLooplessImports(t *testing.T) {
	got := suggestedInModule(t, "looplessimports", func(msg string) bool { return strings.Contains(msg, "//confined:loop") })
	want := []string{
		"base.go:15:17: suggest for (*base.Table).loop: //confined:loop:",
		"router.go:20:18: suggest for (*router.Router).run: //confined:loop:",
		"relay.go:18:17: suggest for (*relay.Relay).run: //confined:loop @relay:",
	}
	wantEach(t, got, want)
}

// wantEach fails t unless got has as many lines as want, and each of want
// is part of one.
func wantEach(t *testing.T, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("want %d proposals, got:\n%s", len(want), strings.Join(got, "\n"))
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, w) }) {
			t.Errorf("want a proposal %q; got:\n%s", w, strings.Join(got, "\n"))
		}
	}
}

// TestSuggestImportedJournal: a field of another package's type with a
// mutex, which a loop grows through that package's Append while a ticker
// goroutine reads it through Checkpoint, is proposed the loop's there
// (FieldsFact's grows and reads); a field the lock guards is not.
func TestSuggestImportedJournal(t *testing.T) {
	got := suggestedInModule(t, "importedjournal", func(msg string) bool { return strings.HasPrefix(msg, "suggest for field") })
	if len(got) != 1 || !strings.Contains(got[0], "journal.go:10:2: suggest for field seq: //confined:owner") {
		t.Errorf("want seq proposed the loop's, and nothing else; got:\n%s", strings.Join(got, "\n"))
	}
}

// importedLoops is a copy of testdata/importedloops whose base loop
// declare then declares another way.
func importedLoops(t *testing.T, declare func(dir string) error) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(testdata(), "importedloops"))); err != nil {
		t.Fatal(err)
	}
	if err := declare(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// upperLoop is the proposal for the importer's loop in a copy of
// testdata/importedloops.
func upperLoop(t *testing.T, dir string) string {
	t.Helper()
	got := suggestedInModule(t, dir, func(msg string) bool { return strings.Contains(msg, "suggest for (*upper.Syncer).run") })
	if len(got) != 1 {
		t.Fatalf("want one proposal for upper's loop; got:\n%s", strings.Join(got, "\n"))
	}
	return got[0]
}

// TestSuggestImportedDeclaredLoop is TestSuggestImportedLoops with the
// imported loop declared in confinecheck.conf instead of proposed: a
// declaration means the same as the directive.
func TestSuggestImportedDeclaredLoop(t *testing.T) {
	dir := importedLoops(t, func(dir string) error {
		return os.WriteFile(filepath.Join(dir, "confinecheck.conf"), []byte("loop example.com/importedloops/base.(*Table).loop\n"), 0o644)
	})
	if got := upperLoop(t, dir); !strings.Contains(got, "//confined:loop @syncer:") {
		t.Errorf("want upper's loop named; got %s", got)
	}
}

// TestSuggestImportedNamedLoop: an imported loop its author named is
// another owner already; the importer's one loop keeps the default.
func TestSuggestImportedNamedLoop(t *testing.T) {
	dir := importedLoops(t, func(dir string) error {
		base := filepath.Join(dir, "base", "base.go")
		src, err := os.ReadFile(base)
		if err != nil {
			return err
		}
		named := strings.Replace(string(src), "func (t *Table) loop() {", "//confined:loop @table\nfunc (t *Table) loop() {", 1)
		return os.WriteFile(base, []byte(named), 0o644)
	})
	if got := upperLoop(t, dir); !strings.Contains(got, "//confined:loop: ") {
		t.Errorf("want upper's loop unnamed; got %s", got)
	}
}

// TestSuggestInvokedForeign checks, in module mode, that what a loop
// writes of another package's type through an interface of its own, a
// value it made and keeps, makes it that type's owner; a type guarding
// itself with a lock gets nothing, and so does one it is handed.
func TestSuggestInvokedForeign(t *testing.T) {
	got := suggestedInModule(t, "invokedforeign", func(msg string) bool { return strings.Contains(msg, "meter.") })
	if len(got) != 1 || !strings.Contains(got[0], "meter.go:7:6: suggest for meter.Hist: //confined:owner: code on the owner ((*invokedforeign.server).loop) writes 2 of its fields (count, sum)") {
		t.Errorf("want meter.Hist proposed owned by the loop, and nothing for meter.Locked or meter.Tally; got:\n%s", strings.Join(got, "\n"))
	}
}

// TestSuggestBehaviors: the behaviors an actor becomes are its turns, so
// another package's type they write and read, which a goroutine the actor
// starts writes too, is proposed the actor's.
func TestSuggestBehaviors(t *testing.T) {
	got := suggestedInModule(t, "behaved", func(msg string) bool { return strings.Contains(msg, "ledger.Book") })
	if len(got) != 1 || !strings.Contains(got[0], "ledger.go:4:6: suggest for ledger.Book: //confined:owner: code on the owner ((*lot.Lot).open)") {
		t.Errorf("want ledger.Book proposed the actor's; got:\n%s", strings.Join(got, "\n"))
	}
}
