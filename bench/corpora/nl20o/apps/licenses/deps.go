// Package licenses audits the licenses of a module's dependencies against a
// policy.
package licenses

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Dependency is one required module.
type Dependency struct {
	Path     string
	Version  string
	Indirect bool
}

// String returns path@version.
func (d Dependency) String() string { return d.Path + "@" + d.Version }

// ParseModules reads the require directives of a go.mod file. Both the
// single-line and the block form are understood; everything else is
// ignored.
func ParseModules(r io.Reader) ([]Dependency, error) {
	var (
		deps    []Dependency
		inBlock bool
		lineNo  int
	)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		lineNo++
		line, comment, _ := strings.Cut(sc.Text(), "//")
		line = strings.TrimSpace(line)
		switch {
		case line == "":
			continue
		case inBlock && line == ")":
			inBlock = false
			continue
		case line == "require (":
			inBlock = true
			continue
		case strings.HasPrefix(line, "require "):
			line = strings.TrimSpace(strings.TrimPrefix(line, "require "))
		case !inBlock:
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 2 {
			return nil, fmt.Errorf("licenses: go.mod line %d: want \"path version\", got %q", lineNo, line)
		}
		if !strings.HasPrefix(fields[1], "v") {
			return nil, fmt.Errorf("licenses: go.mod line %d: bad version %q", lineNo, fields[1])
		}
		deps = append(deps, Dependency{
			Path:     fields[0],
			Version:  fields[1],
			Indirect: strings.Contains(comment, "indirect"),
		})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if inBlock {
		return nil, fmt.Errorf("licenses: go.mod: unterminated require block")
	}
	return deps, nil
}
