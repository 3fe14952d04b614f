package directive

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
)

// parsePass type-checks src as package p and parses its directives the way
// a pass would, without a driver: Parse reports nothing, it returns.
func parsePass(t *testing.T, src string) (*Set, []string, *types.Package) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	require.NoError(t, err)
	info := &types.Info{Defs: make(map[*ast.Ident]types.Object), Uses: make(map[*ast.Ident]types.Object), Implicits: make(map[ast.Node]types.Object)}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	require.NoError(t, err)
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info,
		ReadFile: func(string) ([]byte, error) { return []byte(src), nil }}
	set, diags := Parse(pass)
	var msgs []string
	for _, d := range diags {
		msgs = append(msgs, fmt.Sprintf("%d: %s", fset.Position(d.Pos).Line, d.Message))
	}
	return set, msgs, pkg
}

func TestParseReturnsWhatIsWrong(t *testing.T) {
	set, msgs, pkg := parsePass(t, `package p

//confined:owner @loop
type Book struct {
	n int //confined:any
}

//confined:hopp f
func Post(f func()) {}

func run() {
	//confined:loop
	_ = 1
}
`)
	book := pkg.Scope().Lookup("Book")
	require.NotNil(t, set.Objects[book])
	assert.Equal(t, "confined:owner@loop", set.Objects[book].String())
	require.Len(t, msgs, 2)
	assert.Contains(t, msgs[0], "8: unknown directive //confined:hopp")
	assert.Contains(t, msgs[1], "12: misplaced //confined:loop")
}

func TestParseCleanPackage(t *testing.T) {
	set, msgs, _ := parsePass(t, "package p\n\n// Plain comments only.\nfunc F() {}\n")
	assert.Empty(t, msgs)
	assert.Empty(t, set.Objects)
}
