package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const publishedSrc = `package p

// T is a thing.
type T struct {
	a   map[string]int
	bcd int // c

	e int
}

//confined:loop @loop
func (t *T) loop() {
	t.a = nil
}
`

// fixedSrc is publishedSrc after -suggest -fix, gofmt's: a directive above
// T, parted from its doc comment's text by "//", and one appended to a's
// line, which realigns bcd's comment; loop's directive was there already.
const fixedSrc = `package p

// T is a thing.
//
//confined:owner @loop
type T struct {
	a   map[string]int //confined:any
	bcd int            // c

	e int
}

//confined:loop @loop
func (t *T) loop() {
	t.a = nil
}
`

// TestSuggestPositions checks that the findings after -suggest -fix are on
// the published module's lines, so that a verdict's POSN is the same
// whatever directives -fix inserted above it.
func TestSuggestPositions(t *testing.T) {
	src, root := t.TempDir(), t.TempDir()
	for dir, text := range map[string]string{src: publishedSrc, root: fixedSrc} {
		if err := os.Mkdir(filepath.Join(dir, "p"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "p", "p.go"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lines, err := insertedLines(src, root)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := lines["p/p.go"], []int{4, 5}; !slices.Equal(got, want) {
		t.Fatalf("inserted lines %v, want %v", got, want)
	}
	// t.a = nil is on line 15 of the fixed copy, 13 of the published file.
	f, err := parseFinding(root, lines, filepath.Join(root, "p", "p.go")+":15:4", "writes T.a (p.go:7)")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := f.posn(), "p/p.go:13:4"; got != want {
		t.Errorf("posn %s, want %s", got, want)
	}
	if got, want := f.message, "writes T.a (p.go:5)"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}

func TestSameLine(t *testing.T) {
	for _, c := range []struct {
		old, cur string
		same     bool
	}{
		{"\ta int", "\ta int //confined:any", true},
		{"\ta int", "\ta int\t//confined:owner @x", true},
		{"\tbcd int // c", "\tbcd int            // c", true},
		{"\ta int", "\ta int // comment", false},
		{"\ta int", "\ta int//confined:any", false},
		{"", "\t//confined:any", false},
		{"", "//confined:owner @x", false},
		{"//", "//confined:owner @x", false},
	} {
		if got := sameLine(c.old) == sameLine(c.cur); got != c.same {
			t.Errorf("%q and %q the same line: %v, want %v", c.old, c.cur, got, c.same)
		}
	}
}

// TestInsertedBy checks the line diff: insertions anywhere, a changed line
// kept in place, and lines taken out refused.
func TestInsertedBy(t *testing.T) {
	split := func(s string) []string { return strings.Split(s, " ") }
	for _, c := range []struct {
		old, cur string
		want     []int
	}{
		{"a b c", "a b c", nil},
		{"a b c", "x a b c", []int{1}},
		{"a b c", "a x y b c z", []int{2, 3, 6}},
		{"a b c", "a B c", nil},        // changed, not inserted
		{"a b c", "a B x c", []int{3}}, // changed, then inserted
		{"a a b", "a a a b", []int{3}}, // any of the a's: the same positions after
		{"a", "a x", []int{2}},
	} {
		got, err := insertedBy(split(c.old), split(c.cur))
		if err != nil {
			t.Errorf("%q to %q: %v", c.old, c.cur, err)
		} else if !slices.Equal(got, c.want) {
			t.Errorf("%q to %q: inserted %v, want %v", c.old, c.cur, got, c.want)
		}
	}
	if _, err := insertedBy(split("a b c d"), split("a x d")); err == nil {
		t.Errorf("two lines made one: no error")
	}
}

// TestSuggestVerdicts checks that NAME.suggest.verdicts judges the
// findings by position, in NAME.suggest.md, and that a verdict no finding
// has is listed as stale.
func TestSuggestVerdicts(t *testing.T) {
	dir := t.TempDir()
	specPath := filepath.Join(dir, "m.spec")
	const text = `# comment
p/p.go:10:2 true -- a real race
p/p_test.go:3:1 false fresh-value -- built here | not shared
gone.go:1:1 false -- no longer reported
`
	if err := os.WriteFile(suggestVerdictsPath(specPath), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := suggestVerdictsPath(specPath), filepath.Join(dir, "m.suggest.verdicts"); got != want {
		t.Errorf("verdicts path %s, want %s", got, want)
	}
	verdicts, err := readVerdicts(suggestVerdictsPath(specPath))
	if err != nil {
		t.Fatal(err)
	}
	r := &suggestResult{
		spec:     &spec{name: "m", module: "example.com/m", version: "v1.0.0", patterns: []string{"./..."}},
		vet:      []finding{{"p/p.go", 10, 2, "reads x"}, {"p/p.go", 11, 2, "reads y"}, {"p/p_test.go", 3, 1, "reads z"}},
		verdicts: verdicts,
	}
	if c, w, u := tally(r.vet, r.verdicts); c != 1 || w != 1 || u != 1 {
		t.Errorf("tally %d true, %d false, %d not judged; want 1, 1, 1", c, w, u)
	}
	md := r.markdown()
	for _, want := range []string{
		"- judged: 1 true, 1 false, 1 not judged\n",
		"| 1 | `p/p.go:10:2` | reads x | true | a real race |\n",
		"| 2 | `p/p.go:11:2` | reads y | not judged |  |\n",
		"| 3 | `p/p_test.go:3:1` | reads z | false (fresh-value) | built here \\| not shared |\n",
		"## Verdicts with no finding\n",
		"- `gone.go:1:1` false: no longer reported\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "- `p/p.go:10:2`") {
		t.Errorf("a verdict with a finding is listed as stale:\n%s", md)
	}
}
