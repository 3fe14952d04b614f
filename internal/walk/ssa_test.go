package walk

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// leanShapes names other packages' members every way Go code can: calls,
// generic calls, func values, variables read, written and addressed,
// promoted methods, method values and expressions, a dot import, an
// iterator, initializers.
const leanShapes = `package p

import (
	"errors"
	"io"
	"maps"
	"os"
	"slices"
	. "strings"
	"sync"
	"time"
)

var started = time.Now()
var upper = ToUpper

type embeds struct{ sync.Mutex }

func init() { _ = errors.New("x") }

func shapes(m map[string]int, e *embeds) (int, error) {
	e.Lock()
	defer e.Unlock()
	keys := slices.Sorted(maps.Keys(m))
	for k := range maps.Keys(m) {
		keys = append(keys, TrimSpace(k))
	}
	io.EOF = errors.New("changed")
	p := &os.Args
	f := time.Duration.String
	g := started.Add
	t := time.AfterFunc(time.Second, func() { _ = upper("x") })
	t.Stop()
	_, _, _ = p, f, g
	return slices.Index(keys, "a"), io.EOF
}
`

// TestLeanImportsBuild: SSA builds code naming imports every way with the
// imports created lean, without falling back to creating them whole.
func TestLeanImportsBuild(t *testing.T) {
	pass := testPass(t, leanShapes)
	named := namedMembers(pass, pass.Files)
	prog, pkg := build(pass, pass.Files, pass.TypesInfo, named)
	require.NotNil(t, prog, "the lean build panicked")
	assert.NotEmpty(t, pkg.Func("shapes").Blocks)
	for imp, objs := range named {
		created := prog.Package(imp)
		require.NotNil(t, created)
		assert.Len(t, created.Members, len(objs)+2, "%s: the members named, its init and its init guard", imp.Path())
	}
}

// TestLeanImportsFallBack: a member missing from the lean imports makes
// the build panic, which build reports for its caller to build again
// with whole imports.
func TestLeanImportsFallBack(t *testing.T) {
	pass := testPass(t, leanShapes)
	named := namedMembers(pass, pass.Files)
	for imp, objs := range named {
		if imp.Path() == "strings" {
			named[imp] = objs[:0]
		}
	}
	prog, _ := build(pass, pass.Files, pass.TypesInfo, named)
	assert.Nil(t, prog)
	prog, pkg := build(pass, pass.Files, pass.TypesInfo, nil)
	require.NotNil(t, prog)
	assert.NotEmpty(t, pkg.Func("shapes").Blocks)
}
