package analyzer

// This file builds the suggested fixes of directive findings: an unknown
// verb becomes the nearest known one, and a directive that means nothing
// where it stands (an ignore that suppresses nothing, :any on a member of
// an unconfined type) is removed.

import (
	"bytes"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/confinecheck/confinecheck/internal/nearest"
)

// reportMalformed reports the malformed directive c, offering the nearest
// verb when its verb is unknown and one known verb is near.
func (p *directiveParser) reportMalformed(c *ast.Comment, verb string, err error) {
	d := analysis.Diagnostic{Pos: c.Pos(), Message: err.Error()}
	if near := nearest.Names(verb, verbs); len(near) == 1 && verb != "" && !slices.Contains(verbs, verb) {
		start := c.Pos() + token.Pos(len("//confined:"))
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "write //confined:" + near[0],
			TextEdits: []analysis.TextEdit{{Pos: start, End: start + token.Pos(len(verb)), NewText: []byte(near[0])}},
		}}
	}
	p.pass.Report(d)
}

// removal is the fix that deletes the comment from pos to end: its whole
// line when nothing else is on it, else the comment and the blanks before.
func removal(pass *analysis.Pass, pos, end token.Pos, message string) []analysis.SuggestedFix {
	file := pass.Fset.File(pos)
	if file == nil || pass.ReadFile == nil {
		return nil
	}
	src, err := pass.ReadFile(file.Name())
	if err != nil || file.Offset(end) > len(src) {
		return nil
	}
	startOff, endOff := file.Offset(pos), file.Offset(end)
	lineStart := bytes.LastIndexByte(src[:startOff], '\n') + 1
	before := src[lineStart:startOff]
	after := src[endOff:]
	lineEnd := bytes.IndexByte(after, '\n')
	if lineEnd < 0 {
		lineEnd = len(after)
	}
	switch {
	case len(bytes.TrimSpace(before)) == 0 && len(bytes.TrimSpace(after[:lineEnd])) == 0:
		startOff, endOff = lineStart, min(endOff+lineEnd+1, len(src))
	default:
		startOff = lineStart + len(strings.TrimRight(string(before), " \t"))
	}
	return []analysis.SuggestedFix{{
		Message:   message,
		TextEdits: []analysis.TextEdit{{Pos: file.Pos(startOff), End: file.Pos(endOff)}},
	}}
}
