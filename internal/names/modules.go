package names

import (
	"go/build"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"
)

// InMainModule reports whether the pass's package is the user's: in a
// main module (go vet, before Go 1.27, says which only by giving it no
// version), or, without module information, as drivers that do not load
// it give, not in GOROOT.
func InMainModule(pass *analysis.Pass) bool {
	if m := pass.Module; m != nil && m.Path != "" {
		return m.Main || m.Version == ""
	}
	if len(pass.Files) == 0 {
		return false
	}
	name := pass.Fset.File(pass.Files[0].FileStart).Name()
	return !strings.HasPrefix(name, filepath.Join(build.Default.GOROOT, "src")+string(filepath.Separator))
}

// TestedPath and TestedName are the path and the name of the package an
// external test (package x_test) tests, or pkg's own for any other: its
// state is the tested package's to the test.
func TestedPath(pkg *types.Package) string { return strings.TrimSuffix(pkg.Path(), "_test") }

func TestedName(pkg *types.Package) string { return strings.TrimSuffix(pkg.Name(), "_test") }

// VisibleOutside reports whether other packages can call fn by name: an
// exported function, or an exported method of an exported type.
func VisibleOutside(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return true
	}
	named := DerefNamed(recv.Type())
	return named != nil && named.Obj().Exported()
}

// ModuleRoot is the nearest directory at or above dir that holds a go.mod,
// or "": the root of the module a file in dir belongs to (a module nested
// in another's tree is its own).
func ModuleRoot(dir string) string {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// ModuleOf returns the root of the module whose tree holds dir and whose
// path is a prefix of pkgPath, the path of a package in dir: "" for a
// package outside any module (GOPATH mode), even one whose directory lies
// inside a module's tree (a testdata/src package).
func ModuleOf(dir, pkgPath string) string {
	root := ModuleRoot(dir)
	if root == "" {
		return ""
	}
	content, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return ""
	}
	path := modfile.ModulePath(content)
	if path == "" || pkgPath != path && !strings.HasPrefix(pkgPath, path+"/") {
		return ""
	}
	return root
}
