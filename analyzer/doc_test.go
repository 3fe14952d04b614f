package analyzer

import (
	"flag"
	"regexp"
	"strings"
	"testing"
)

// The package comment's "Analyzer confinecheck" section is the analyzer's
// Doc: a summary line, then a body that names every directive and flag.
func TestDocIsThePackageComment(t *testing.T) {
	if Analyzer.Doc != doc {
		t.Fatalf("Analyzer.Doc is not the extracted doc")
	}
	summary, body, _ := strings.Cut(doc, "\n")
	if strings.TrimSpace(summary) == "" || strings.HasPrefix(summary, "confinecheck:") ||
		strings.Contains(summary, "Package") {
		t.Errorf("summary line %q: want the text after \"confinecheck:\"", summary)
	}
	if !strings.Contains(docSource, "\n// confinecheck: "+summary+"\n") {
		t.Errorf("summary line %q is not the package comment's", summary)
	}
	verbs := []string{"owner", "any", "async", "hop", "sync", "inherit", "completes", "loop", "ignore"}
	for _, verb := range verbs {
		if !strings.Contains(body, "//confined:"+verb+" ") {
			t.Errorf("the doc does not list //confined:%s", verb)
		}
	}
	Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if !regexp.MustCompile(`(^|[\s(,])-` + regexp.QuoteMeta(f.Name) + `([\s,.)]|$)`).MatchString(body) {
			t.Errorf("the doc does not mention the flag -%s", f.Name)
		}
	})
}

func TestDocExtract(t *testing.T) {
	const src = `// Package p does things.
//
// # Analyzer other
//
// other: not this one
//
// # Analyzer p
//
// p: report what p reports
//
// More about p.
//
// # Notes
//
// Not p's doc.
package p
`
	if got, want := extractDoc(src, "p"), "report what p reports\n\nMore about p."; got != want {
		t.Errorf("extractDoc = %q, want %q", got, want)
	}
	for name, bad := range map[string]string{
		"no package comment": "package p\n",
		"no heading":         "// Package p.\n//\n// p: summary\npackage p\n",
		"no summary line":    "// Package p.\n//\n// # Analyzer p\n//\n// Text.\npackage p\n",
		"empty summary":      "// Package p.\n//\n// # Analyzer p\n//\n// p:\n//\n// Text.\npackage p\n",
		"not Go":             "// # Analyzer p\n//\n// p: summary\n",
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: extractDoc did not panic", name)
				}
			}()
			extractDoc(bad, "p")
		}()
	}
}
