package model

// This file turns positions into the form facts and witnesses carry, and
// back, and says how fix hints may use a hop sink.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
	"github.com/confinecheck/confinecheck/internal/fix"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/summary"
)

func (m *Model) Position(pos token.Pos) summary.Position {
	p := m.pass.Fset.Position(pos)
	return summary.Position{File: p.Filename, Line: p.Line, Col: p.Column}
}

// TokenPos finds p in the files of this package; positions in other
// packages are only named in the message.
func (m *Model) TokenPos(p summary.Position) token.Pos {
	for _, f := range m.pass.Files {
		tf := m.pass.Fset.File(f.FileStart)
		if tf != nil && tf.Name() == p.File && p.Line >= 1 && p.Line <= tf.LineCount() {
			return tf.LineStart(p.Line) + token.Pos(max(p.Col-1, 0))
		}
	}
	return token.NoPos
}

// FindingPos is where a finding at p is reported: TokenPos, or, for a
// line of another package of the same module (a method that package
// exports, which this package's goroutine calls), that line itself, the
// one the race detector names: a finding there is the module's to act
// on. A line of another module (a library's code, declared confined) has
// no position here: its finding stays at the call in this package. So
// does a touch of state a declaration confines, which the type's own
// package may not know confined: there, where the same touch is reported
// had it known, depends on how the declaration was passed. A turn's owner
// is known there wherever its framework is (see Turns.SeenBy).
func (m *Model) FindingPos(p summary.Position, member string) token.Pos {
	if pos := m.TokenPos(p); pos.IsValid() || p.File == "" || p.Line < 1 {
		return pos
	}
	dir := filepath.Dir(p.File)
	if root := m.moduleRoot(); root == "" || names.ModuleRoot(dir) != root || !m.confinedThere(member, dir) {
		return token.NoPos
	}
	tf := m.sourceFile(p.File)
	if tf == nil || p.Line > tf.LineCount() {
		return token.NoPos
	}
	return tf.LineStart(p.Line) + token.Pos(max(p.Col-1, 0))
}

// moduleRoot is the root of the package's module, or "" (see
// names.ModuleOf), found once.
func (m *Model) moduleRoot() string {
	if m.ownRoot == nil {
		root := ""
		if len(m.pass.Files) > 0 {
			own := m.pass.Fset.File(m.pass.Files[0].FileStart)
			root = names.ModuleOf(filepath.Dir(own.Name()), names.TestedPath(m.pass.Pkg))
		}
		m.ownRoot = &root
	}
	return *m.ownRoot
}

// confinedThere reports whether member ("pkg.T.f", "pkg.T.f[]" or
// "pkg.T") is of a type, or is a field, that its own package knows
// confined as every package does: a directive in its source confines it,
// or it implements a turn of a framework in that package's view. Of two
// packages of that name in view, the one declaring the type in dir, where
// the member is touched, is meant.
func (m *Model) confinedThere(member, dir string) bool {
	member, _ = strings.CutSuffix(member, "[]")
	pkgName, typeName, field, ok := names.SplitMember(member)
	if !ok {
		return false
	}
	var found *types.TypeName
	for _, pkg := range names.PackagesInView(m.pass.Pkg) {
		if pkg.Name() != pkgName {
			continue
		}
		if tn, ok := pkg.Scope().Lookup(typeName).(*types.TypeName); ok {
			if found != nil && m.declaredIn(found) == dir {
				continue
			}
			if found != nil && m.declaredIn(tn) != dir {
				return false // two packages of that name: which one is not said
			}
			found = tn
		}
	}
	if found == nil {
		return false
	}
	if d := m.sourceDirectives(found); d != nil && d.Owner {
		return true
	}
	if named, ok := found.Type().(*types.Named); ok && m.Turns.SeenBy(named, found.Pkg()) {
		return true // a framework's turns confine it there too
	}
	if f := names.FieldNamed(found, field); f != nil {
		d := m.sourceDirectives(f)
		return d != nil && d.Owner
	}
	return false
}

// declaredIn is the directory of the file declaring obj.
func (m *Model) declaredIn(obj types.Object) string {
	return filepath.Dir(m.pass.Fset.Position(obj.Pos()).Filename)
}

// sourceFile is the file named name in the pass's file set, read from
// disk and added to it when the set holds none, or only the stand-in an
// importer made from export data (its lines are not the file's).
func (m *Model) sourceFile(name string) *token.File {
	if tf, ok := m.sourceFiles[name]; ok {
		return tf
	}
	content, err := os.ReadFile(name)
	var found *token.File
	if err == nil {
		for tf := range m.pass.Fset.Iterate {
			if tf.Name() == name && tf.Size() == len(content) {
				found = tf
				break
			}
		}
		if found == nil {
			found = m.pass.Fset.AddFile(name, -1, len(content))
			found.SetLinesForContent(content)
		}
	}
	m.sourceFiles[name] = found
	return found
}

// OneLineFunc reports whether p is on the line of a function declared
// whole on one line (func (s *T) note(v V) { s.last = v }).
func (m *Model) OneLineFunc(p summary.Position) bool {
	lines, ok := m.oneLineFuncs[p.File]
	if !ok {
		lines = m.findOneLineFuncs(p.File)
		m.oneLineFuncs[p.File] = lines
	}
	return lines[p.Line]
}

// findOneLineFuncs lists the lines of file name that declare a function
// whole: from the package's syntax, or, for another package's file,
// parsed.
func (m *Model) findOneLineFuncs(name string) map[int]bool {
	fset := m.pass.Fset
	i := slices.IndexFunc(m.pass.Files, func(f *ast.File) bool { return fset.File(f.FileStart).Name() == name })
	var file *ast.File
	if i >= 0 {
		file = m.pass.Files[i]
	} else {
		fset = token.NewFileSet()
		if file, _ = parser.ParseFile(fset, name, nil, parser.SkipObjectResolution); file == nil {
			return nil
		}
	}
	lines := make(map[int]bool)
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			if line := fset.Position(fd.Pos()).Line; line == fset.Position(fd.Body.Rbrace).Line {
				lines[line] = true
			}
		}
	}
	return lines
}

// DescribeHop says how fix hints may use fn, a hop sink for the arguments
// hop, named name.
func (m *Model) DescribeHop(name string, fn *types.Func, hop []int) fix.HopSink {
	sig := fn.Signature()
	plain := slices.ContainsFunc(hop, func(arg int) bool { return takesNoArguments(sig, arg) })
	h := fix.HopSink{Name: name, Key: directive.FuncKey(fn), Hop: hop, Domain: m.HopDomain(fn), Returns: sig.Results().Len() > 0, Plain: plain, Message: len(hop) == 0,
		Registers: m.RegistersCallbacks(fn)}
	if owner, ok := fix.WrapShape(sig, hop, h.Returns); ok && !h.Registers {
		h.Wraps = true
		if owner != nil {
			h.Owner = types.TypeString(owner.Type(), nil)
		}
	}
	return h
}

// RegistersCallbacks reports whether fn returns a value of a confined
// struct type (see fix.HopSink.Registers).
func (m *Model) RegistersCallbacks(fn *types.Func) bool {
	for v := range fn.Signature().Results().Variables() {
		if named := m.ConfinedNamed(v.Type()); named != nil && names.IsStruct(named) {
			return true
		}
	}
	return false
}

// takesNoArguments reports whether the func parameter at argument index
// arg of sig takes no arguments.
func takesNoArguments(sig *types.Signature, arg int) bool {
	for i := range sig.Params().Len() {
		if names.ArgIndex(sig, i) == arg {
			fsig, ok := sig.Params().At(i).Type().Underlying().(*types.Signature)
			return ok && fsig.Params().Len() == 0
		}
	}
	return false
}
