package names

import (
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
)

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
