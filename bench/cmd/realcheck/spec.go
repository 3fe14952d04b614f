package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A spec is one real-code target: a pinned module, the packages to check and
// the directives to insert, each with the upstream comment or assertion that
// justifies it. Specs are files bench/realcode/NAME.spec (see README.md).
type spec struct {
	name     string // NAME, from the file name
	module   string // module path
	version  string // pinned version
	patterns []string
	entries  []entry
}

// An entry is one directive on one declaration, as a spec line
//
//	PKG KIND NAME VERB [ARGS] -- REASON
//
// with KIND one of type, field, method, func and NAME written T, T.F,
// (*T).M or T.M, and F.
type entry struct {
	line   int    // line in the spec file, for messages
	pkg    string // import path of the declaring package
	kind   string
	name   string
	verb   string // the directive without "//confined:", e.g. "owner" or "loop @serve"
	reason string
}

func (e entry) String() string { return fmt.Sprintf("%s %s %s %s", e.pkg, e.kind, e.name, e.verb) }

// directive is the comment line inserted for e.
func (e entry) directive() string { return "//confined:" + e.verb }

// readSpec parses a spec file. Blank lines and lines starting with # are
// comments; "module PATH VERSION" and "packages PATTERN..." are headers.
func readSpec(path string) (*spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &spec{name: strings.TrimSuffix(filepath.Base(path), ".spec")}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		switch fields[0] {
		case "module":
			if len(fields) != 3 {
				return nil, fmt.Errorf("%s:%d: want module PATH VERSION", path, n)
			}
			s.module, s.version = fields[1], fields[2]
			continue
		case "packages":
			s.patterns = append(s.patterns, fields[1:]...)
			continue
		}
		e, err := parseEntry(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		e.line = n
		s.entries = append(s.entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if s.module == "" {
		return nil, fmt.Errorf("%s: no module line", path)
	}
	if len(s.patterns) == 0 {
		s.patterns = []string{"./..."}
	}
	return s, nil
}

func parseEntry(line string) (entry, error) {
	decl, reason, ok := strings.Cut(line, " -- ")
	if !ok || strings.TrimSpace(reason) == "" {
		return entry{}, fmt.Errorf("no reason: every directive says why, after \" -- \"")
	}
	fields := strings.Fields(decl)
	if len(fields) < 4 {
		return entry{}, fmt.Errorf("want PKG KIND NAME VERB [ARGS] -- REASON")
	}
	e := entry{pkg: fields[0], kind: fields[1], name: fields[2], verb: strings.Join(fields[3:], " "), reason: strings.TrimSpace(reason)}
	switch e.kind {
	case "type", "func":
	case "field":
		if !strings.Contains(e.name, ".") {
			return entry{}, fmt.Errorf("field %q: want TYPE.FIELD", e.name)
		}
	case "method":
		if _, _, ok := splitMethod(e.name); !ok {
			return entry{}, fmt.Errorf("method %q: want (*T).M or T.M", e.name)
		}
	default:
		return entry{}, fmt.Errorf("unknown kind %q (type, field, method, func)", e.kind)
	}
	return e, nil
}

// splitMethod splits (*T).M or T.M into T and M.
func splitMethod(name string) (recv, method string, ok bool) {
	name = strings.TrimPrefix(name, "(*")
	name = strings.Replace(name, ").", ".", 1)
	recv, method, ok = strings.Cut(name, ".")
	return recv, method, ok && recv != "" && method != ""
}
