package analyzer

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// extractDoc returns the section headed "# Analyzer NAME" of the package
// comment of the Go file content, up to the next heading, without the
// "NAME: " that starts its summary line: the form analysis.Analyzer.Doc
// wants. So the package documentation and the analyzer's Doc are one text,
// as in x/tools' own analyzers (whose helper is internal). It panics when
// the section is missing or malformed: the package would not initialize,
// which every test notices.
func extractDoc(content, name string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		panic(fmt.Sprintf("extractDoc: %v", err))
	}
	if f.Doc == nil {
		panic("extractDoc: no package comment")
	}
	for _, section := range strings.Split(f.Doc.Text(), "\n# ") {
		body, ok := strings.CutPrefix(section, "Analyzer "+name+"\n")
		if !ok {
			continue
		}
		text, ok := strings.CutPrefix(strings.TrimSpace(body), name+":")
		summary, _, _ := strings.Cut(text, "\n")
		if !ok || strings.TrimSpace(summary) == "" {
			panic(fmt.Sprintf("extractDoc: the heading %q is not followed by a line %q",
				"# Analyzer "+name, name+": summary"))
		}
		return strings.TrimSpace(text)
	}
	panic(fmt.Sprintf("extractDoc: no heading %q in the package comment", "# Analyzer "+name))
}
