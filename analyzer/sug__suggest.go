package analyzer

// This file is -suggest: instead of findings, the analyzer proposes the
// directives that the shape of unannotated code suggests, each as a
// diagnostic with the evidence in its message and a fix that inserts it.
// Loops, hops and futures are structural and come first (suggestloops.go,
// suggestfutures.go); they are exported as facts, as if written, so that the packages above see
// the code they hand to a hop run on the owner. Owners and :any fields come
// from what that owner code writes and reads (suggestowners.go), across
// packages through writesFact. Nothing is proposed outside the main module,
// and the plain run is not affected: it never sets cfg.suggest.

import (
	"cmp"
	"fmt"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// suggestCategory marks -suggest's diagnostics, for drivers that collect
// them (cmd/confinecheck applies their fixes across packages).
const suggestCategory = "suggest"

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

// suggest runs the pass in -suggest mode.
func (c *Engine) suggest() error {
	if !c.inMainModule() {
		c.exportDirectives()
		return nil
	}
	prog, fns := buildSSA(c.pass)
	c.prog = prog
	s := &suggester{c: c, fns: fns, writes: make(map[*ssa.Function]fieldSet), access: make(map[*ssa.Function]fieldAccesses)}
	s.proposeLoops()
	s.proposeHops()
	s.proposeCombinators()
	s.proposeQueued()
	s.adopt(s.proposals) // as if written: the summaries below see them
	c.summarize(fns)
	s.adopt(s.proposeCompletions()) // for importers; this package is summarized
	c.exportDirectives()
	c.storedCallbacks(fns)
	c.exportSummaries()
	c.exportInterfaceSummaries()
	// Found before the summaries, which tell more values fresh.
	clear(s.writes)
	clear(s.access)
	s.exportWrites()
	s.proposeOwners()
	s.proposeInferredSinks()
	s.report()
	return nil
}

// A suggester holds one package's proposals.
type suggester struct {
	c         *Engine
	fns       []*ssa.Function
	proposals []proposal
	loops     map[*ssa.Function]string        // proposed and declared loops, by domain
	writes    map[*ssa.Function]fieldSet      // see writesOf
	access    map[*ssa.Function]fieldAccesses // see accesses
}

// inMainModule reports whether the package is the user's to annotate: in
// a main module (or, without module information, as drivers that do not
// load it give, not in GOROOT).
func (c *Engine) inMainModule() bool {
	if m := c.pass.Module; m != nil && m.Path != "" {
		return m.Main
	}
	if len(c.pass.Files) == 0 {
		return false
	}
	name := c.pass.Fset.File(c.pass.Files[0].FileStart).Name()
	return !strings.HasPrefix(name, filepath.Join(build.Default.GOROOT, "src")+string(filepath.Separator))
}

// propose records a proposal unless obj already says as much, or is
// declared in a test file. It reports whether it recorded it.
func (s *suggester) propose(p proposal) bool {
	if s.c.inTestFile(p.obj.Pos()) {
		return false
	}
	if d := s.c.directives(p.obj); d != nil {
		switch {
		case p.verb == verbOwner && d.Owner, p.verb == verbAny && d.Any, p.verb == verbLoop && d.Loop,
			p.verb == verbHop && len(d.Hop) > 0, p.verb == verbAsync && len(d.Async) > 0,
			p.verb == verbCompletes && d.Completes != completesUnknown, p.verb == verbInherit && d.Combinator:
			return false
		}
	}
	if slices.ContainsFunc(s.proposals, func(q proposal) bool { return q.obj == p.obj && q.verb == p.verb }) {
		return false
	}
	s.proposals = append(s.proposals, p)
	return true
}

// adopt makes proposals directives of the package, so that the rest of the
// pass, and the packages importing it, take them as written. A proposal
// that contradicts what is written is dropped.
func (s *suggester) adopt(ps []proposal) {
	type key struct {
		obj  types.Object
		verb string
	}
	dropped := make(map[key]bool)
	for _, p := range ps {
		f := new(directiveFact)
		if old := s.c.dirs.objects[p.obj]; old != nil {
			*f = *old
		}
		d := directive{verb: p.verb, args: p.args, form: "-suggest"}
		d.domain, d.args, _ = splitDomain(p.verb, "", p.args)
		m := member{obj: p.obj}
		if fn, ok := p.obj.(*types.Func); ok {
			if named := receiverNamed(fn); named != nil {
				m.of, m.confined = named.Obj().Name(), s.c.confinedNamed(named) != nil
			}
		}
		if addDirective(f, m, d) != nil {
			dropped[key{p.obj, p.verb}] = true
			continue
		}
		s.c.dirs.objects[p.obj] = f
	}
	s.proposals = slices.DeleteFunc(s.proposals, func(p proposal) bool { return dropped[key{p.obj, p.verb}] })
	clear(s.c.factCache)
	clear(s.c.contracts)
}

// report turns the proposals into diagnostics, one per object, in source
// order, each with the fix that inserts its directives.
func (s *suggester) report() {
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
		edit, ok := s.c.directiveInsertion(obj, lines)
		d := analysis.Diagnostic{
			Pos:      obj.Pos(),
			Category: suggestCategory,
			Message:  fmt.Sprintf("suggest for %s: %s", objectName(obj), strings.Join(why, "; ")),
		}
		if ok {
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: "insert " + strings.Join(lines, ", "), TextEdits: []analysis.TextEdit{edit}}}
		}
		s.c.pass.Report(d)
	}
}

// inModule reports whether the package path is of the package's module,
// or, without module information, is the package.
func (c *Engine) inModule(path string) bool {
	if m := c.pass.Module; m != nil && m.Path != "" {
		return path == m.Path || strings.HasPrefix(path, m.Path+"/")
	}
	return path == c.pass.Pkg.Path()
}

// inTestFile reports whether pos is in a _test.go file: tests drive the
// code from outside, and nothing is proposed for them.
func (c *Engine) inTestFile(pos token.Pos) bool {
	return strings.HasSuffix(c.pass.Fset.Position(pos).Filename, "_test.go")
}
