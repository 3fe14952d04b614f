package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

const annotateSrc = `package p

// T is documented.
type T struct {
	a int
	// b is documented.
	b, c int
}

type (
	U int
	V int
)

func (t *T) M() {}

func (u U) N() {}

// F is documented.
func F() {}
`

const annotateWant = `package p

// T is documented.
//confined:owner
type T struct {
	a int
	// b is documented.
	//confined:any
	b, c int
}

type (
	U int
	//confined:owner @v
	V int
)

//confined:loop
func (t *T) M() {}

//confined:owner
func (u U) N() {}

// F is documented.
//confined:async
func F() {}
`

// TestAnnotate checks that each kind of declaration gets its directive as
// the last line of its doc comment, indented like it.
func TestAnnotate(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "p")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "p.go")
	if err := os.WriteFile(path, []byte(annotateSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	var entries []entry
	for _, line := range []string{
		"example.com/m/p type T owner -- r",
		"example.com/m/p field T.b any -- r",
		"example.com/m/p type V owner @v -- r",
		"example.com/m/p method (*T).M loop -- r",
		"example.com/m/p method U.N owner -- r",
		"example.com/m/p func F async -- r",
	} {
		e, err := parseEntry(line)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, e)
	}
	lines, err := annotate(root, "example.com/m", entries)
	if err != nil {
		t.Fatal(err)
	}
	// The directives are on lines 4, 8, 14, 18, 21 and 25 of annotateWant.
	if got, want := lines["p/p.go"], []int{4, 8, 14, 18, 21, 25}; !slices.Equal(got, want) {
		t.Errorf("inserted lines %v, want %v", got, want)
	}
	// Upstream's lines: T at 4, b at 7, V at 12, M at 15, N at 17, F at 20.
	for annotated, want := range map[int]int{4: 4, 5: 4, 8: 7, 9: 7, 14: 12, 15: 12, 19: 15, 22: 17, 26: 20} {
		if got := lines.upstream("p/p.go", annotated); got != want {
			t.Errorf("line %d of the copy is upstream's %d, want %d", annotated, got, want)
		}
	}
	if got, want := lines.fixMessage("p/p.go", "runs via go (p.go:26); other.go:26"), "runs via go (p.go:20); other.go:26"; got != want {
		t.Errorf("fixMessage: %q, want %q", got, want)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != annotateWant {
		t.Errorf("got\n%s\nwant\n%s", got, annotateWant)
	}
}

// TestAnnotateMissing checks that a spec naming nothing fails, rather than
// checking a module without the directive.
func TestAnnotateMissing(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "p.go"), []byte(annotateSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"example.com/m method T.M loop -- value receiver named, pointer declared",
		"example.com/m field T.z owner -- no such field",
		"example.com/m type W owner -- no such type",
	} {
		e, err := parseEntry(line)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := annotate(root, "example.com/m", []entry{e}); err == nil {
			t.Errorf("%s: annotated", line)
		}
	}
}
