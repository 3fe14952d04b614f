package known

import (
	"go/importer"
	"go/types"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// functionTables are the tables keyed by functions' full names.
func functionTables() map[string]map[string][]string {
	return map[string]map[string][]string{
		"programs":       keys(programs),
		"harnesses":      keys(harnesses),
		"actorStops":     keys(actorStops),
		"actorFuncs":     keys(actorFuncs),
		"inPlaceRunners": keys(inPlaceRunners),
		"onceRunners":    keys(onceRunners),
		"goroutineEnds":  keys(goroutineEnds),
		"entryUses":      keys(entryUses),
	}
}

func keys[Row any](t byPackage[Row]) map[string][]string {
	out := make(map[string][]string)
	for path, rows := range t {
		out[path] = slices.Sorted(maps.Keys(rows))
	}
	return out
}

// TestRowsUnderTheirPackage: a row filed under another package's path is
// never looked up.
func TestRowsUnderTheirPackage(t *testing.T) {
	for table, byPath := range functionTables() {
		for path, names := range byPath {
			for _, name := range names {
				assert.True(t, strings.HasPrefix(strings.TrimLeft(name, "(*"), path+"."), "%s: %s filed under %s", table, name, path)
			}
		}
	}
}

// TestStandardRowsResolve: every row of the standard library names a
// function that exists, spelled as types.Func.FullName spells it.
func TestStandardRowsResolve(t *testing.T) {
	imp := importer.Default()
	for table, byPath := range functionTables() {
		for path, names := range byPath {
			if strings.Contains(path, ".") {
				continue // a module's: checked by the packs' examples
			}
			pkg, err := imp.Import(path)
			require.NoError(t, err)
			for _, name := range names {
				fn := lookup(pkg, name)
				if assert.NotNil(t, fn, "%s: %s", table, name) {
					assert.Equal(t, name, fn.FullName(), table)
				}
			}
		}
	}
}

// lookup resolves "pkg.F", "(*pkg.T).M" or "(pkg.T).M" in pkg.
func lookup(pkg *types.Package, name string) *types.Func {
	recv, method, isMethod := strings.Cut(name, ").")
	if !isMethod {
		fn, _ := pkg.Scope().Lookup(strings.TrimPrefix(name, pkg.Path()+".")).(*types.Func)
		return fn
	}
	tn, _ := pkg.Scope().Lookup(strings.TrimPrefix(strings.TrimLeft(recv, "(*"), pkg.Path()+".")).(*types.TypeName)
	if tn == nil {
		return nil
	}
	t := tn.Type()
	if strings.HasPrefix(recv, "(*") {
		t = types.NewPointer(t)
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, method)
	fn, _ := obj.(*types.Func)
	return fn
}

func TestLookups(t *testing.T) {
	sync, err := importer.Default().Import("sync")
	require.NoError(t, err)
	assert.True(t, RunsInPlace(lookup(sync, "(*sync.Once).Do")))
	assert.True(t, RunsOnce(lookup(sync, "(*sync.WaitGroup).Go")))
	assert.False(t, RunsOnce(lookup(sync, "(*sync.WaitGroup).Wait")), "a look-alike of the same type")
	assert.False(t, RunsOnce(nil))
}
