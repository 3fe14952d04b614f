package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A finding is one diagnostic, its position relative to the module root so
// that results do not depend on where the module was copied, and its lines
// upstream's, not the annotated copy's.
type finding struct {
	file      string // slash-separated, relative to the module root
	line, col int
	message   string
}

func (f finding) posn() string { return fmt.Sprintf("%s:%d:%d", f.file, f.line, f.col) }

// leftAt matches where a finding's code left the owner, as its message
// gives it: "this code runs via a go statement (server.go:2027)".
var leftAt = regexp.MustCompile(`(?:runs via|from) [^;]*?\(([\w.-]+\.go:\d+)\)`)

// via is where f's code left the owner ("server.go:2027"), or "".
func (f finding) via() string {
	if m := leftAt.FindStringSubmatch(f.message); m != nil {
		return m[1]
	}
	return ""
}

func (f finding) inTest() bool { return strings.HasSuffix(f.file, "_test.go") }

// decodeFindings reads the analysis drivers' JSON: a stream of objects
// {package: {analyzer: [diagnostic...] or {"error": ...}}}. An analysis
// error is an error here: the check did not run.
func decodeFindings(root string, lines lineMap, out []byte) ([]finding, error) {
	var findings []finding
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("decoding findings: %v", err)
		}
		for pkg, analyzers := range tree {
			for _, raw := range analyzers {
				var failed struct{ Error string }
				if json.Unmarshal(raw, &failed) == nil && failed.Error != "" {
					return nil, fmt.Errorf("%s: analysis error: %s", pkg, failed.Error)
				}
				var diags []struct{ Posn, Message string }
				if err := json.Unmarshal(raw, &diags); err != nil {
					return nil, fmt.Errorf("%s: %v", pkg, err)
				}
				for _, d := range diags {
					f, err := parseFinding(root, lines, d.Posn, d.Message)
					if err != nil {
						return nil, err
					}
					findings = append(findings, f)
				}
			}
		}
	}
	sortFindings(findings)
	// A package and its test variant both report findings in the
	// package's own files: keep one.
	return slices.Compact(findings), nil
}

// parseFinding takes a driver's position and message back to upstream's
// files and lines.
func parseFinding(root string, lines lineMap, posn, message string) (finding, error) {
	rest, col, ok1 := cutLastInt(posn)
	file, line, ok2 := cutLastInt(rest)
	if !ok1 || !ok2 {
		return finding{}, fmt.Errorf("position %q: want file:line:col", posn)
	}
	rel, err := filepath.Rel(root, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return finding{}, fmt.Errorf("position %q is outside the module copy", posn)
	}
	rel = filepath.ToSlash(rel)
	message = strings.ReplaceAll(message, root+string(filepath.Separator), "")
	return finding{rel, lines.upstream(rel, line), col, lines.fixMessage(rel, message)}, nil
}

// cutLastInt splits "x:12" into "x" and 12.
func cutLastInt(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	return s[:i], n, err == nil
}

func sortFindings(fs []finding) {
	slices.SortFunc(fs, func(a, b finding) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col), cmp.Compare(a.message, b.message))
	})
}
