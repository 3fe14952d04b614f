package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// annotate inserts the directive of every entry into the doc comment of the
// declaration it names, in the module copied to root. Declarations are found
// with go/ast, not by line, so that a spec survives upstream edits; each is
// checked afterwards by parsing again. It returns where the directives went
// (a declaration repeated under build tags is annotated each time).
func annotate(root, module string, entries []entry) (lineMap, error) {
	byDir := map[string][]entry{}
	for _, e := range entries {
		rel, ok := strings.CutPrefix(e.pkg, module)
		if !ok || (rel != "" && rel[0] != '/') {
			return nil, fmt.Errorf("%v: package is not in module %s", e, module)
		}
		dir := filepath.Join(root, filepath.FromSlash(rel))
		byDir[dir] = append(byDir[dir], e)
	}
	lines := lineMap{}
	for _, dir := range slices.Sorted(maps.Keys(byDir)) {
		if err := annotateDir(dir, byDir[dir], root, lines); err != nil {
			return nil, err
		}
	}
	return lines, nil
}

// An insertion is a directive line to put at the start of the line of a
// declaration, where it becomes the last line of its doc comment.
type insertion struct {
	offset int // of the start of the declaration's line
	text   string
}

// annotateDir annotates one package directory, recording the inserted
// lines in lines.
func annotateDir(dir string, entries []entry, root string, lines lineMap) error {
	files, err := parseDir(dir)
	if err != nil {
		return err
	}
	edits := map[string][]insertion{}
	for _, e := range entries {
		found := 0
		for _, pf := range files {
			for _, d := range findDecl(pf.file, e) {
				ins, err := insertionAt(pf, d.anchor, e.directive())
				if err != nil {
					return fmt.Errorf("%v: %v", e, err)
				}
				edits[pf.path] = append(edits[pf.path], ins)
				found++
			}
		}
		if found == 0 {
			return fmt.Errorf("%v (spec line %d): no such declaration in %s", e, e.line, dir)
		}
	}
	for path, ins := range edits {
		inserted, err := applyInsertions(path, ins)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		lines[filepath.ToSlash(rel)] = inserted
	}
	return verifyDir(dir, entries)
}

// verifyDir parses the annotated files again and checks that each entry's
// directive is in the doc comment of its declaration.
func verifyDir(dir string, entries []entry) error {
	files, err := parseDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		for _, pf := range files {
			for _, d := range findDecl(pf.file, e) {
				if !hasLine(d.docs, e.directive()) {
					return fmt.Errorf("%v: directive not in the doc comment after insertion (%s)", e, pf.fset.Position(d.anchor.Pos()))
				}
			}
		}
	}
	return nil
}

func hasLine(docs []*ast.CommentGroup, text string) bool {
	for _, g := range docs {
		if g == nil {
			continue
		}
		for _, c := range g.List {
			if c.Text == text {
				return true
			}
		}
	}
	return false
}

type parsedFile struct {
	path string
	src  []byte
	fset *token.FileSet
	file *ast.File
}

func parseDir(dir string) ([]parsedFile, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []parsedFile
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, parsedFile{path, src, fset, f})
	}
	return files, nil
}

// insertionAt is the insertion of text on a line of its own just above
// anchor, indented like it.
func insertionAt(pf parsedFile, anchor ast.Node, text string) (insertion, error) {
	tf := pf.fset.File(anchor.Pos())
	off := tf.Offset(anchor.Pos())
	start := tf.Offset(tf.LineStart(tf.Line(anchor.Pos())))
	indent := string(pf.src[start:off])
	if strings.TrimLeft(indent, " \t") != "" {
		return insertion{}, fmt.Errorf("declaration does not start its line (%s)", pf.fset.Position(anchor.Pos()))
	}
	return insertion{offset: start, text: indent + text + "\n"}, nil
}

// applyInsertions writes path with the insertions made (several at one
// offset keep their order) and returns the lines they occupy in the new
// file, ascending.
func applyInsertions(path string, ins []insertion) ([]int, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(ins, func(a, b insertion) int { return a.offset - b.offset })
	var out []byte
	var lines []int
	prev := 0
	for i, in := range ins {
		out = append(out, src[prev:in.offset]...)
		out = append(out, in.text...)
		prev = in.offset
		// Each insertion is one line, above the line it was found at,
		// which the i insertions before it have pushed down.
		lines = append(lines, 1+bytes.Count(src[:in.offset], []byte("\n"))+i)
	}
	out = append(out, src[prev:]...)
	return lines, os.WriteFile(path, out, 0o644)
}
