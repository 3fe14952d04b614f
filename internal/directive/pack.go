package directive

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A Pack is the declarations of one framework, built into the checker
// (declarations/*.conf): they apply to every pass in which a package they
// name is in view, as if each line were written in a -declare file.
type Pack struct {
	Name string // the file's name: "protoactor"
	// The module and version the pack was checked against, from its header
	// ("checked against MODULE VERSION").
	Module, Version string
	Declarations    []Declaration
	packages        []string // the packages the declarations name
}

// checkedAgainst is the header line of a pack that names the version of
// the framework it was checked against: "checked against MODULE VERSION".
var checkedAgainst = regexp.MustCompile(`(?m)^#.*checked against\s*(?:\n#\s*)?(\S+) (v\d+\.\d+\.\d+[^\s,]*?)[.,]?\s`)

// ParsePack reads the pack name from the text of its file: the -declare
// format, headed by comments that say which version of the framework it
// was checked against.
func ParsePack(name, text string) (Pack, error) {
	var header strings.Builder
	lines := strings.Split(text, "\n")
	for _, l := range lines {
		if !strings.HasPrefix(l, "#") {
			break
		}
		header.WriteString(l + "\n")
	}
	m := checkedAgainst.FindStringSubmatch(header.String())
	if m == nil {
		return Pack{}, fmt.Errorf("pack %s: the header comment does not say \"checked against MODULE VERSION\"", name)
	}
	decls, err := ParseDeclarationLines(lines, func(i int) string { return fmt.Sprintf("pack %s (line %d)", name, i+1) })
	if err != nil {
		return Pack{}, err
	}
	p := Pack{Name: name, Module: m[1], Version: m[2], Declarations: decls}
	for i := range p.Declarations {
		p.Declarations[i].pack = name
		if path := p.Declarations[i].Package(); !slices.Contains(p.packages, path) {
			p.packages = append(p.packages, path)
		}
	}
	return p, nil
}

// Package is the import path of the package d's NAME names.
func (d Declaration) Package() string {
	if path, ok := strings.CutSuffix(d.name, wholePackage); ok {
		return path
	}
	return declaredPath(d.name)
}
