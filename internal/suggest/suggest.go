package suggest

// Loops, hops and futures are structural and come first (loops.go,
// futures.go); they are adopted and exported as facts, as if written, so
// that the packages above see the code they hand to a hop run on the
// owner. Owners and :any fields come from what that owner code writes and
// reads (owners.go, writes.go), across packages through FieldsFact.
// Nothing is proposed outside the main module, and the plain run is not
// affected: it makes no Suggester.

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/model"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/walk"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Category marks -suggest's diagnostics, for drivers that collect them
// (cmd/confinecheck applies their fixes across packages).
const Category = "suggest"

// A proposal is one directive -suggest proposes on obj, with its evidence.
type proposal struct {
	obj      types.Object
	verb     string   // as after "//confined:"
	args     []string // @DOMAIN first, then PARAMs
	evidence string
}

// text is the directive line the proposal inserts.
func (p proposal) text() string {
	return strings.Join(append([]string{"//confined:" + p.verb}, p.args...), " ")
}

// A Suggester proposes the directives of one package. The analyzer's
// pipeline calls its steps between its own (see analyzer.run): what it
// proposes first is adopted, as if written, before the package is
// summarized; owners come last, from what the summarized code writes.
type Suggester struct {
	e         *walk.Package
	m         *model.Model // e's, read-only but for Adopt
	pass      *analysis.Pass
	proposals []proposal
	loops     map[*ssa.Function]string          // proposed and declared loops, by domain
	callerRun map[*types.TypeName]*ssa.Function // by receiver, the proposed loop its callers start (see callerRunLoops)
	written   *writeIndex
	declined  *declines            // with -explain: the candidates that got no proposal
	sentOn    *sentChannels        // the channels code sends on; nil until asked (see sent)
	sources   *[]eventSourceMethod // the eventSources in view; nil until asked
	holders   *holders             // see indexHolders; nil until asked
}

// holders are the package's named types that code points to, and those
// slices, arrays or maps hold (see pointedTo, heldAsElements).
type holders struct {
	pointed, elements map[*types.TypeName]bool
}

// declines are, under -explain, the candidate loops and owners that got no
// proposal, with the rule that stopped each.
type declines struct {
	on         bool
	inTestFile func(token.Pos) bool
	list       []declined
}

// A declined candidate: the directive not proposed on obj, and why.
type declined struct {
	obj  types.Object
	verb string
	why  string
}

// add records that obj gets no verb proposal, and why.
func (ds *declines) add(obj types.Object, verb, why string) {
	if ds.on && obj != nil && !ds.inTestFile(obj.Pos()) {
		ds.list = append(ds.list, declined{obj, verb, why})
	}
}

// New returns the suggester of e's package, or nil when the package is not
// the user's to annotate: it is outside the main module. With explain, it
// also tells which candidates it declined, and why.
func New(e *walk.Package, explain bool) *Suggester {
	if !names.InMainModule(e.Pass()) {
		return nil
	}
	s := &Suggester{e: e, m: e.Model(), pass: e.Pass(), written: newWriteIndex(e)}
	s.declined = &declines{on: explain, inTestFile: s.inTestFile}
	return s
}

// ProposeStructure proposes loops, hops, combinators and queued async
// sinks, and adopts them, so that the summaries see them. It needs the
// package's SSA.
func (s *Suggester) ProposeStructure() {
	s.proposeLoops()
	s.proposeHops()
	s.proposeCombinators()
	s.proposeQueued()
	s.adopt(s.proposals)
}

// ProposeCompletions proposes and adopts where futures complete, for the
// packages importing this one; it reads the summaries.
func (s *Suggester) ProposeCompletions() {
	s.adopt(s.proposeCompletions())
}

// Finish proposes owners, :any fields and inferred sinks, exports what the
// package's functions write, and reports every proposal.
func (s *Suggester) Finish() {
	s.written.reset() // found before the summaries, which tell more values fresh
	// Of reads, those that may race: not of a lock, an atomic or a channel.
	s.written.export(func(key string) bool {
		f := s.fieldOf(key)
		return f != nil && !model.ConcurrencySafe(f.Type())
	})
	s.proposeOwners()
	s.proposeInferredSinks()
	s.report()
}

// propose records a proposal unless obj already says as much, or is
// declared in a test file (only test doubles get proposals there, see
// proposeTestDoubles). It reports whether it recorded it.
func (s *Suggester) propose(p proposal) bool {
	return !s.inTestFile(p.obj.Pos()) && s.record(p)
}

// record records a proposal unless obj already says as much, or is
// declared in a generated file. It reports whether it recorded it.
func (s *Suggester) record(p proposal) bool {
	if s.inGeneratedFile(p.obj.Pos()) {
		return false
	}
	if i := slices.IndexFunc(s.proposals, func(q proposal) bool { return q.obj == p.obj && q.verb == p.verb }); i >= 0 && paramVerb(p.verb) {
		// Another rule found other parameters of the same verb: one
		// directive names them all.
		q := &s.proposals[i]
		var added []string
		for _, a := range p.args {
			if !strings.HasPrefix(a, "@") && !slices.Contains(q.args, a) {
				added = append(added, a)
			}
		}
		if len(added) == 0 {
			return false
		}
		q.args = append(q.args, added...)
		q.evidence += "; " + p.evidence
		return true
	}
	if s.says(p.obj, p.verb) {
		return false
	}
	s.proposals = append(s.proposals, p)
	return true
}

// paramVerb reports whether verb names parameters of its function.
func paramVerb(verb string) bool {
	switch verb {
	case directive.VerbAsync, directive.VerbSync, directive.VerbHop, directive.VerbInherit:
		return true
	}
	return false
}

// says reports whether obj carries verb already: written (a directive, a
// declaration, a fact) or proposed.
func (s *Suggester) says(obj types.Object, verb string) bool {
	if d := s.m.Directives(obj); d != nil {
		switch {
		case verb == directive.VerbOwner && d.Owner, verb == directive.VerbAny && d.Any, verb == directive.VerbLoop && d.Loop,
			verb == directive.VerbHop && len(d.Hop) > 0, verb == directive.VerbAsync && len(d.Async) > 0,
			verb == directive.VerbSync && len(d.Sync) > 0,
			verb == directive.VerbCompletes && d.Completes != directive.CompletesUnknown, verb == directive.VerbInherit && d.Combinator,
			verb == directive.VerbOffOwner && d.OffOwner:
			return true
		}
	}
	return slices.ContainsFunc(s.proposals, func(q proposal) bool { return q.obj == obj && q.verb == verb })
}

// adopt makes proposals directives of the package, so that the rest of the
// pass, and the packages importing it, take them as written. A proposal
// that contradicts what is written is dropped.
func (s *Suggester) adopt(ps []proposal) {
	type key struct {
		obj  types.Object
		verb string
	}
	dropped := make(map[key]bool)
	for _, p := range ps {
		if s.m.Adopt(p.obj, p.verb, p.args) != nil {
			dropped[key{p.obj, p.verb}] = true
		}
	}
	s.proposals = slices.DeleteFunc(s.proposals, func(p proposal) bool { return dropped[key{p.obj, p.verb}] })
}

// report turns the proposals into diagnostics, one per object, in source
// order, each with the fix that inserts its directives.
func (s *Suggester) report() {
	byObj := make(map[types.Object][]proposal)
	var objs []types.Object
	for _, p := range s.proposals {
		if byObj[p.obj] == nil {
			objs = append(objs, p.obj)
		}
		byObj[p.obj] = append(byObj[p.obj], p)
	}
	slices.SortFunc(objs, func(a, b types.Object) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, obj := range objs {
		ps := byObj[obj]
		var lines, why []string
		for _, p := range ps {
			lines = append(lines, p.text())
			why = append(why, p.text()+": "+p.evidence)
		}
		edit, ok := fix.DirectiveInsertion(s.pass.Fset, obj, lines)
		d := analysis.Diagnostic{
			Pos:      obj.Pos(),
			Category: Category,
			Message:  fmt.Sprintf("suggest for %s: %s", names.ObjectName(obj), strings.Join(why, "; ")),
		}
		if !s.inMainModuleFiles(obj.Pos()) {
			// Another module's file (the module cache, read-only and
			// checksummed): advise, never edit; a declaration says it
			// from this module.
			ok = false
			d.Message += " (in another module: declare it in confinecheck.conf instead of editing it)"
		}
		if ok {
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: "insert " + strings.Join(lines, ", "), TextEdits: []analysis.TextEdit{edit}}}
		}
		s.pass.Report(d)
	}
	slices.SortStableFunc(s.declined.list, func(a, b declined) int { return cmp.Compare(a.obj.Pos(), b.obj.Pos()) })
	for _, d := range s.declined.list {
		// Another package's type is declined where its values are used
		// (a helper package's cache a loop here reads): its own package
		// may see no candidate at all, so this one says why.
		seen := ""
		if obj, ok := d.obj.(*types.TypeName); ok && obj.Pkg() != s.pass.Pkg {
			seen = " (as " + s.pass.Pkg.Path() + " uses it)"
		}
		s.pass.Report(analysis.Diagnostic{Pos: d.obj.Pos(), Category: Category, Message: fmt.Sprintf(
			"explain: no //confined:%s for %s%s: %s", d.verb, names.ObjectName(d.obj), seen, d.why)})
	}
}

// inMainModuleFiles reports whether pos is in a file of the module whose
// package is being checked: under the directory of its go.mod, and not in
// a module nested there (btcd's wire, a module of its own inside btcd's
// tree, is edited in the module cache, never here). Without a go.mod in
// sight, only the package's own files are.
func (s *Suggester) inMainModuleFiles(pos token.Pos) bool {
	file := s.pass.Fset.File(pos)
	if file == nil || len(s.pass.Files) == 0 {
		return false
	}
	own := s.pass.Fset.File(s.pass.Files[0].FileStart).Name()
	root := names.ModuleRoot(filepath.Dir(own))
	if root == "" {
		return filepath.Dir(file.Name()) == filepath.Dir(own)
	}
	return names.ModuleRoot(filepath.Dir(file.Name())) == root
}

// inModule reports whether the package path is of the package's module,
// or, without module information, is the package.
func inModule(pass *analysis.Pass, path string) bool {
	if m := pass.Module; m != nil && m.Path != "" {
		return path == m.Path || strings.HasPrefix(path, m.Path+"/")
	}
	return path == pass.Pkg.Path()
}

// inTestFile reports whether pos is in a _test.go file: tests drive the
// code from outside, and nothing is proposed for them.
func (s *Suggester) inTestFile(pos token.Pos) bool {
	return strings.HasSuffix(s.pass.Fset.Position(pos).Filename, "_test.go")
}

// inGeneratedFile reports whether pos is in a generated file of the
// package ("Code generated ... DO NOT EDIT."): a directive there is gone
// the next time it is generated.
func (s *Suggester) inGeneratedFile(pos token.Pos) bool {
	for _, f := range s.pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return ast.IsGenerated(f)
		}
	}
	return false
}
