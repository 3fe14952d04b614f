package fix

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCompatible(t *testing.T) {
	wrap := Change{Pos: token.Position{Filename: "a.go", Line: 3, Column: 2}, Edits: []FileEdit{{"a.go", 10, 10, "{"}, {"a.go", 20, 20, "}"}}}
	same := Change{Pos: token.Position{Filename: "a.go", Line: 4, Column: 2}, Edits: wrap.Edits} // another finding, the same fix
	inside := Change{Pos: token.Position{Filename: "a.go", Line: 5, Column: 2}, Edits: []FileEdit{{"a.go", 15, 18, "x"}}}
	across := Change{Pos: token.Position{Filename: "a.go", Line: 6, Column: 2}, Edits: []FileEdit{{"a.go", 5, 12, "y"}}}
	otherText := Change{Pos: token.Position{Filename: "a.go", Line: 7, Column: 2}, Edits: []FileEdit{{"a.go", 10, 10, "("}}}
	otherFile := Change{Pos: token.Position{Filename: "b.go", Line: 3, Column: 2}, Edits: []FileEdit{{"b.go", 10, 10, "("}}}
	kept, later := Compatible([]Change{wrap, same, inside, across, otherText, otherFile})
	assert.Equal(t, []Change{wrap, same, inside, otherFile}, kept)
	assert.Equal(t, []Change{across, otherText}, later)
}

func TestDistinct(t *testing.T) {
	at := func(line int) token.Position { return token.Position{Filename: "a.go", Line: line, Column: 2} }
	edit := []FileEdit{{"a.go", 1, 1, "x"}}
	got := Distinct([]Change{
		{Pos: at(136), Message: "b"},
		{Pos: at(90), Message: "a", Edits: edit},
		{Pos: at(90), Message: "a, other evidence", Edits: edit}, // the test variant's
		{Pos: at(90), Message: "c"},
	})
	assert.Equal(t, []Change{{Pos: at(90), Message: "a", Edits: edit}, {Pos: at(90), Message: "c"}, {Pos: at(136), Message: "b"}}, got)
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	file := func(name, src string) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
		return path
	}
	const src = "package p\n\nfunc f() {\n\tg()\n}\n"
	good := file("good.go", src)
	broken := file("broken.go", src)
	moved := file("moved.go", src)
	at := len("package p\n\nfunc f() {\n")
	changes := []Change{
		{Pos: token.Position{Filename: good}, Edits: []FileEdit{{good, at, at, "  if true {\n"}, {good, at + len("\tg()\n"), at + len("\tg()\n"), "}\n"}}},
		{Pos: token.Position{Filename: broken}, Edits: []FileEdit{{broken, at, at, "{"}}},
		{Pos: token.Position{Filename: moved}, Edits: []FileEdit{{moved, at, at, "// x\n"}}},
	}
	// moved.go grew after it was loaded.
	sizes := map[string]int{good: len(src), broken: len(src), moved: len(src) - 1}
	written, problems := Write(changes, sizes)
	require.Len(t, written, 1)
	assert.Equal(t, good, written[0].File)
	got, err := os.ReadFile(good)
	require.NoError(t, err)
	assert.Equal(t, "package p\n\nfunc f() {\n\tif true {\n\t\tg()\n\t}\n}\n", string(got), "gofmt-formatted")
	require.Len(t, problems, 2)
	assert.Contains(t, problems[0], "broken.go: the fixes would leave it unparsable")
	assert.Contains(t, problems[1], "moved.go: changed on disk since it was loaded")
	for _, name := range []string{broken, moved} {
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		assert.Equal(t, src, string(data), "%s is left alone", name)
	}
	require.NoError(t, Restore(written))
	data, err := os.ReadFile(good)
	require.NoError(t, err)
	assert.Equal(t, src, string(data))
}
