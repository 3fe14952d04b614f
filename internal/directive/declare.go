package directive

// This file reads declarations: directives about code the user cannot
// annotate. They are spelt three ways, read by one parser: a
// //confined:declare line in Go source (it travels to importing packages
// in a declarationsFact), a line of the file given with -declare (or of
// Settings.Declare), and the function-list flags (-hop NAME). resolve.go
// finds what their names name and checks them by the directives' rules.

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/nearest"
)

// A Declaration is a directive about the function, method, type or field
// NAME names.
type Declaration struct {
	directive        // verb, PARAMs (or completes' value), pos in Go source
	name      string // NAME in NormalizeFuncName's form: "path.T.M"
	// source says where a declaration without a position was written, for
	// messages: "-hop", "-declare decls.txt:3".
	source string
	pack   string // the built-in pack it comes from, if any
}

// declarableVerbs are the verbs a declaration may carry.
var declarableVerbs = []string{VerbOwner, VerbAny, VerbAsync, VerbHop, VerbSync, VerbInherit, VerbCompletes, VerbOffOwner, VerbLoop}

// parseDeclaration reads the words of "VERB [@DOMAIN] [ARGS] NAME[:param+param]".
func parseDeclaration(words []string) (Declaration, error) {
	if len(words) < 2 {
		return Declaration{}, fmt.Errorf("a declaration needs a verb and a name, as in hop example.com/lib.(*Client).Post")
	}
	verb, args, name := words[0], words[1:len(words)-1], words[len(words)-1]
	if !slices.Contains(declarableVerbs, verb) {
		return Declaration{}, fmt.Errorf("unknown verb %q in a declaration; known verbs are %s%s", verb, knownVerbs(declarableVerbs), nearest.DidYouMean(verb, declarableVerbs))
	}
	d := Declaration{directive: directive{verb: verb, form: "//confined:declare " + verb}}
	name, params, hasParams := strings.Cut(name, ":")
	switch verb {
	case VerbAsync, VerbHop, VerbSync, VerbInherit:
		if hasParams {
			d.args = strings.Split(params, "+")
		}
	default:
		if hasParams {
			return Declaration{}, fmt.Errorf("%s takes no :PARAM list, got %q", d.form, params)
		}
	}
	domain, args, err := SplitDomain(verb, d.form, args)
	if err != nil {
		return Declaration{}, err
	}
	d.domain = domain
	if verb == VerbCompletes {
		if _, err := parseCompletion(args); err != nil {
			return Declaration{}, err
		}
		d.args = args
	} else if len(args) > 0 {
		return Declaration{}, fmt.Errorf("%s takes a name only, got %q before it; func parameters follow the name, as in NAME:param+param%s", d.form, strings.Join(args, " "), domainUsage(verb))
	}
	if path, ok := strings.CutSuffix(name, ".*"); ok {
		// A whole package: every named type it declares.
		if verb != VerbOwner && verb != VerbOffOwner {
			return Declaration{}, fmt.Errorf("%s %s: path.* names every type of a package, and only owner and offowner apply to types", d.form, name)
		}
		if path == "" || strings.ContainsAny(path, " \t*()") {
			return Declaration{}, fmt.Errorf("cannot read package path %q in %s: write it as import/path.*", path, name)
		}
		d.name = path + wholePackage
		return d, nil
	}
	key, err := NormalizeFuncName(name)
	if err != nil {
		return Declaration{}, err
	}
	d.name = key
	return d, nil
}

// wholePackage ends the NAME of a declaration of every named type of a
// package: "fyne.io/fyne/v2/widget.*".
const wholePackage = ".*"

// expandWholePackages replaces each declaration of a whole package in
// view by one per named type it declares (aliases aside); a package not
// in view keeps its declaration, to be reported as unknown.
func expandWholePackages(view map[string]*types.Package, decls []resolvedDeclaration) []resolvedDeclaration {
	var out []resolvedDeclaration
	for _, d := range decls {
		path, whole := strings.CutSuffix(d.name, wholePackage)
		pkg := view[path]
		if !whole || pkg == nil {
			out = append(out, d)
			continue
		}
		for _, name := range pkg.Scope().Names() {
			if tn, ok := pkg.Scope().Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
				one := d
				one.name = path + "." + name
				out = append(out, one)
			}
		}
	}
	return out
}

// text is d as a declaration line says it, without "//confined:declare".
func (d Declaration) text() string {
	name := d.name
	words := []string{d.verb}
	if d.domain != "" {
		words = append(words, "@"+d.domain)
	}
	switch d.verb {
	case VerbCompletes:
		words = append(words, d.args...)
	case VerbAsync, VerbHop, VerbSync, VerbInherit:
		if len(d.args) > 0 {
			name += ":" + strings.Join(d.args, "+")
		}
	}
	return strings.Join(append(words, name), " ")
}

// declaration records a //confined:declare line of the package.
func (p *directiveParser) declaration(c *ast.Comment, words []string) {
	d, err := parseDeclaration(words)
	if err != nil {
		p.pass.Reportf(c.Pos(), "%v", err)
		return
	}
	d.pos = c.Pos()
	p.set.declarations = append(p.set.declarations, d)
}

// ParseDeclarationLines reads declarations one per line, as a -declare
// file or Settings.Declare holds them, and returns the first mistake.
// source names where line i was written, for messages.
func ParseDeclarationLines(lines []string, source func(i int) string) ([]Declaration, error) {
	decls, mistakes := parseLines(lines, func(i int, d *Declaration) { d.source = source(i) })
	if len(mistakes) > 0 {
		return nil, fmt.Errorf("%s: %v", source(mistakes[0].line), mistakes[0].err)
	}
	return decls, nil
}

// A lineMistake is what is wrong with line (from 0) of a list of
// declaration lines.
type lineMistake struct {
	line int
	err  error
}

// parseLines reads declarations one per line: "//confined:declare VERB
// [ARGS] NAME" or just "VERB [ARGS] NAME"; blank lines and lines starting
// with # are skipped. It reads every line, and returns the mistakes with
// the declarations of the others, which place has told where line i was
// written.
func parseLines(lines []string, place func(i int, d *Declaration)) ([]Declaration, []lineMistake) {
	var out []Declaration
	var mistakes []lineMistake
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "//confined:"+VerbDeclare); ok {
			line = rest
		}
		d, err := parseDeclaration(strings.Fields(line))
		if err != nil {
			mistakes = append(mistakes, lineMistake{i, err})
			continue
		}
		place(i, &d)
		out = append(out, d)
	}
	return out, mistakes
}

// splitLines are data's lines.
func splitLines(data []byte) []string {
	var lines []string
	for sc := bufio.NewScanner(bytes.NewReader(data)); sc.Scan(); {
		lines = append(lines, sc.Text())
	}
	return lines
}

// DeclareFile is the -declare flag: a file of declaration lines.
type DeclareFile struct {
	path  string
	decls []Declaration
}

func (f *DeclareFile) String() string { return f.path }

// Declarations are the declarations the file holds.
func (f *DeclareFile) Declarations() []Declaration { return f.decls }

func (f *DeclareFile) Set(path string) error {
	if f.path != "" {
		return fmt.Errorf("-declare given twice (%s and %s): put the declarations of a run in one file", f.path, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	decls, err := ParseDeclarationLines(splitLines(data), func(i int) string { return fmt.Sprintf("-declare %s:%d", path, i+1) })
	if err != nil {
		return err
	}
	f.path, f.decls = path, decls
	return nil
}

// Declarations are the entries of the function-list flag named flag
// ("hop", "completes-async"), as declarations, in a fixed order.
func (l *FuncList) Declarations(flag string) []Declaration {
	verb, args := flag, []string(nil)
	if done, ok := strings.CutPrefix(flag, VerbCompletes+"-"); ok {
		verb, args = VerbCompletes, []string{done}
	}
	names := make([]string, 0, len(l.specs))
	for name := range l.specs {
		names = append(names, name)
	}
	slices.Sort(names)
	var out []Declaration
	for _, name := range names {
		d := Declaration{directive: directive{verb: verb, args: args, form: "-" + flag}, name: name, source: "-" + flag}
		if args == nil {
			d.args = l.specs[name]
		}
		out = append(out, d)
	}
	return out
}
