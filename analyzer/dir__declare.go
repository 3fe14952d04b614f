package analyzer

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
	"os"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/nearest"
)

// A declaration is a directive about the function, method, type or field
// NAME names.
type declaration struct {
	directive        // verb, PARAMs (or completes' value), pos in Go source
	name      string // NAME in normalizeFuncName's form: "path.T.M"
	// source says where a declaration without a position was written, for
	// messages: "-hop", "-declare decls.txt:3".
	source string
}

// declarableVerbs are the verbs a declaration may carry.
var declarableVerbs = []string{verbOwner, verbAny, verbAsync, verbHop, verbSync, verbInherit, verbCompletes, verbLoop}

// parseDeclaration reads the words of "VERB [@DOMAIN] [ARGS] NAME[:param+param]".
func parseDeclaration(words []string) (declaration, error) {
	if len(words) < 2 {
		return declaration{}, fmt.Errorf("a declaration needs a verb and a name, as in hop example.com/lib.(*Client).Post")
	}
	verb, args, name := words[0], words[1:len(words)-1], words[len(words)-1]
	if !slices.Contains(declarableVerbs, verb) {
		return declaration{}, fmt.Errorf("unknown verb %q in a declaration; known verbs are %s%s", verb, knownVerbs(declarableVerbs), nearest.DidYouMean(verb, declarableVerbs))
	}
	d := declaration{directive: directive{verb: verb, form: "//confined:declare " + verb}}
	name, params, hasParams := strings.Cut(name, ":")
	switch verb {
	case verbAsync, verbHop, verbSync, verbInherit:
		if hasParams {
			d.args = strings.Split(params, "+")
		}
	default:
		if hasParams {
			return declaration{}, fmt.Errorf("%s takes no :PARAM list, got %q", d.form, params)
		}
	}
	domain, args, err := splitDomain(verb, d.form, args)
	if err != nil {
		return declaration{}, err
	}
	d.domain = domain
	if verb == verbCompletes {
		if _, err := parseCompletion(args); err != nil {
			return declaration{}, err
		}
		d.args = args
	} else if len(args) > 0 {
		return declaration{}, fmt.Errorf("%s takes a name only, got %q before it; func parameters follow the name, as in NAME:param+param%s", d.form, strings.Join(args, " "), domainUsage(verb))
	}
	key, err := normalizeFuncName(name)
	if err != nil {
		return declaration{}, err
	}
	d.name = key
	return d, nil
}

// text is d as a declaration line says it, without "//confined:declare".
func (d declaration) text() string {
	name := d.name
	words := []string{d.verb}
	if d.domain != "" {
		words = append(words, "@"+d.domain)
	}
	switch d.verb {
	case verbCompletes:
		words = append(words, d.args...)
	case verbAsync, verbHop, verbSync, verbInherit:
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

// parseDeclarationLines reads declarations one per line, as a -declare file
// or Settings.Declare holds them: "//confined:declare VERB [ARGS] NAME" or
// just "VERB [ARGS] NAME". Blank lines and lines starting with # are
// skipped. source names where line i was written, for messages.
func parseDeclarationLines(lines []string, source func(i int) string) ([]declaration, error) {
	var out []declaration
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "//confined:"+verbDeclare); ok {
			line = rest
		}
		d, err := parseDeclaration(strings.Fields(line))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", source(i), err)
		}
		d.source = source(i)
		out = append(out, d)
	}
	return out, nil
}

// declareFile is the -declare flag: a file of declaration lines.
type declareFile struct {
	path  string
	decls []declaration
}

func (f *declareFile) String() string { return f.path }

func (f *declareFile) Set(path string) error {
	if f.path != "" {
		return fmt.Errorf("-declare given twice (%s and %s): put the declarations of a run in one file", f.path, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var lines []string
	for sc := bufio.NewScanner(bytes.NewReader(data)); sc.Scan(); {
		lines = append(lines, sc.Text())
	}
	decls, err := parseDeclarationLines(lines, func(i int) string { return fmt.Sprintf("-declare %s:%d", path, i+1) })
	if err != nil {
		return err
	}
	f.path, f.decls = path, decls
	return nil
}

// flagDeclarations are the entries of the function-list flags as
// declarations, in a fixed order.
func (cfg *config) flagDeclarations() []declaration {
	var out []declaration
	for _, l := range cfg.lists() {
		verb, args := l.flag, []string(nil)
		if done, ok := strings.CutPrefix(l.flag, verbCompletes+"-"); ok {
			verb, args = verbCompletes, []string{done}
		}
		names := make([]string, 0, len(l.list.specs))
		for name := range l.list.specs {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			d := declaration{directive: directive{verb: verb, args: args, form: "-" + l.flag}, name: name, source: "-" + l.flag}
			if args == nil {
				d.args = l.list.specs[name]
			}
			out = append(out, d)
		}
	}
	return out
}
