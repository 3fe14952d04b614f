package fix

import (
	"bytes"
	"go/token"
	"go/types"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Removal is the fix that deletes the comment from pos to end: its whole
// line when nothing else is on it, else the comment and the blanks before.
func Removal(pass *analysis.Pass, pos, end token.Pos, message string) []analysis.SuggestedFix {
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

// LineMates are the other fields of st declared on field's line (`cfg, n
// int`, or a struct written on one line): a directive on that line is
// theirs too.
func LineMates(fset *token.FileSet, st *types.Struct, field *types.Var) []*types.Var {
	at := fset.Position(field.Pos())
	var out []*types.Var
	for f := range st.Fields() {
		if p := fset.Position(f.Pos()); f != field && p.Filename == at.Filename && p.Line == at.Line {
			out = append(out, f)
		}
	}
	return out
}

// DirectiveInsertion is the edit that puts lines, directives, at the end
// of obj's doc comment: on lines of their own just above its declaration,
// indented as a struct field is (gofmt's tabs). One directive for a field
// that sits on a line of its own with no comment goes at the end of that
// line instead: a comment line between the fields of a struct ends gofmt's
// alignment there, and would realign the fields around it.
func DirectiveInsertion(fset *token.FileSet, obj types.Object, lines []string) (analysis.TextEdit, bool) {
	tf := fset.File(obj.Pos())
	if tf == nil {
		return analysis.TextEdit{}, false
	}
	pos := fset.PositionFor(obj.Pos(), false) // the file's own lines, whatever //line says
	indent := ""
	if v, ok := obj.(*types.Var); ok && v.IsField() {
		if end, ok := trailingSpot(tf, pos); ok && len(lines) == 1 {
			return analysis.TextEdit{Pos: end, End: end, NewText: []byte(" " + lines[0])}, true
		}
		indent = strings.Repeat("\t", max(pos.Column-1, 0))
	} else if _, ok := obj.(*types.TypeName); ok && pos.Column != len("type ")+1 {
		indent = "\t" // a spec of a grouped type declaration
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(indent + l + "\n")
	}
	start := tf.LineStart(pos.Line)
	return analysis.TextEdit{Pos: start, End: start, NewText: []byte(b.String())}, true
}

// trailingSpot returns the end of the text of the line at pos, a field's,
// when a comment may go there: the line holds the whole field (it does not
// open a struct, a func's parameters or a list) and no comment yet. The
// file is read from disk; a file that cannot be read has no such spot.
func trailingSpot(tf *token.File, pos token.Position) (token.Pos, bool) {
	if pos.Line >= tf.LineCount() {
		return token.NoPos, false
	}
	src, err := os.ReadFile(pos.Filename)
	start, next := tf.Offset(tf.LineStart(pos.Line)), tf.Offset(tf.LineStart(pos.Line+1))
	if err != nil || len(src) != tf.Size() || next > len(src) {
		return token.NoPos, false
	}
	line := strings.TrimRight(string(src[start:next]), " \t\r\n")
	if line == "" || strings.Contains(line, "//") || strings.Contains(line, "/*") || strings.ContainsAny(line[len(line)-1:], "{(,[") {
		return token.NoPos, false
	}
	return tf.Pos(start + len(line)), true
}

// Replacement is the fix that replaces the text from pos to end with text.
func Replacement(pos, end token.Pos, text, message string) []analysis.SuggestedFix {
	return []analysis.SuggestedFix{{
		Message:   message,
		TextEdits: []analysis.TextEdit{{Pos: pos, End: end, NewText: []byte(text)}},
	}}
}
