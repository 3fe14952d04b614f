package directive

// This file finds a package's confinecheck.conf files: declaration lines,
// as a -declare file holds them, that apply to every package in the
// file's directory and below, up to the module root (looked up the way
// staticcheck looks up staticcheck.conf). Every driver runs the analyzer,
// so the standalone binary, go vet, golangci-lint and pre-commit all see
// the same files.

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// ConfName is the name of the files of declarations looked up from a
// package's directory upwards.
const ConfName = "confinecheck.conf"

// ConfDeclarations returns the declarations of the confinecheck.conf files
// that apply to the pass's package, the module root's first (several files
// add up; a line in two of them counts once), and the mistakes in them, at
// their lines. A package outside a module has none: without a module
// root, there is no telling where the lookup should stop.
func ConfDeclarations(pass *analysis.Pass) ([]Declaration, []analysis.Diagnostic) {
	var out []Declaration
	var diags []analysis.Diagnostic
	for _, path := range confFiles(pass) {
		data, err := os.ReadFile(path)
		if err != nil {
			diags = append(diags, analysis.Diagnostic{Message: err.Error()})
			continue
		}
		// The file joins the pass's file set, so that its declarations
		// and their mistakes have positions: drivers print them at the
		// line, as they do a directive's.
		file := pass.Fset.AddFile(path, -1, len(data))
		file.SetLinesForContent(data)
		decls, mistakes := parseLines(splitLines(data), func(i int, d *Declaration) {
			d.source, d.pos = fmt.Sprintf("%s:%d", path, i+1), file.LineStart(i+1)
		})
		for _, m := range mistakes {
			diags = append(diags, analysis.Diagnostic{Pos: file.LineStart(m.line + 1), Message: m.err.Error()})
		}
		for _, d := range decls {
			if !slices.ContainsFunc(out, func(o Declaration) bool { return o.text() == d.text() }) {
				out = append(out, d)
			}
		}
	}
	return out, diags
}

// confFiles are the confinecheck.conf files from the module root down to
// the directory of the pass's package: that of its first file with a
// go.mod above it (cgo's files and test mains are generated in the build
// cache).
func confFiles(pass *analysis.Pass) []string {
	for _, f := range pass.Files {
		name := pass.Fset.File(f.FileStart).Name()
		if !filepath.IsAbs(name) {
			continue
		}
		var found []string
		for dir := filepath.Dir(name); ; {
			if path := filepath.Join(dir, ConfName); isFile(path) {
				found = append(found, path)
			}
			if isFile(filepath.Join(dir, "go.mod")) {
				slices.Reverse(found)
				return found
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return nil
}

func isFile(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}
