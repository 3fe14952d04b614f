package analyzer

import (
	"go/token"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestReportInFileOrder: diagnostics come out ordered by file name and
// offset, whatever order the files were added to the file set in (the
// order go/packages happened to parse them) and the stages reported them.
func TestReportInFileOrder(t *testing.T) {
	fset := token.NewFileSet()
	b := fset.AddFile("b.go", -1, 100) // parsed first: lower token.Pos
	a := fset.AddFile("a.go", -1, 100)
	var got []string
	pass := &analysis.Pass{Fset: fset, Report: func(d analysis.Diagnostic) { got = append(got, d.Message) }}
	flush := reportInFileOrder(pass)
	pass.Report(analysis.Diagnostic{Pos: a.Pos(50), Message: "a:50"})
	pass.Report(analysis.Diagnostic{Pos: b.Pos(10), Message: "b:10"})
	pass.Report(analysis.Diagnostic{Pos: a.Pos(5), Message: "a:5"})
	pass.Report(analysis.Diagnostic{Pos: a.Pos(5), Message: "a:5 again"})
	if len(got) != 0 {
		t.Fatalf("reported before the flush: %q", got)
	}
	flush()
	if want := []string{"a:5", "a:5 again", "a:50", "b:10"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
