package main

import (
	"go/ast"
	"go/token"
	"strings"
)

// A decl is a declaration an entry names: the node whose line the directive
// goes above, and the doc comments the directive may end up in (for a
// type, the parser gives an unparenthesized declaration's doc to the
// GenDecl, a grouped one's to the TypeSpec).
type decl struct {
	anchor ast.Node
	docs   []*ast.CommentGroup
}

// findDecl returns the top-level declarations of f that e names.
func findDecl(f *ast.File, e entry) []decl {
	var found []decl
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok != token.TYPE {
				continue
			}
			for _, s := range d.Specs {
				ts := s.(*ast.TypeSpec)
				found = append(found, typeDecls(d, ts, e)...)
			}
		case *ast.FuncDecl:
			if funcMatches(d, e) {
				found = append(found, decl{d, []*ast.CommentGroup{d.Doc}})
			}
		}
	}
	return found
}

func typeDecls(gd *ast.GenDecl, ts *ast.TypeSpec, e entry) []decl {
	switch e.kind {
	case "type":
		if ts.Name.Name != e.name {
			return nil
		}
		if gd.Lparen.IsValid() {
			return []decl{{ts, []*ast.CommentGroup{ts.Doc}}}
		}
		return []decl{{gd, []*ast.CommentGroup{gd.Doc, ts.Doc}}}
	case "field":
		typeName, fieldName, _ := strings.Cut(e.name, ".")
		st, ok := ts.Type.(*ast.StructType)
		if ts.Name.Name != typeName || !ok {
			return nil
		}
		for _, field := range st.Fields.List {
			for _, n := range field.Names {
				if n.Name == fieldName {
					return []decl{{field, []*ast.CommentGroup{field.Doc}}}
				}
			}
		}
	}
	return nil
}

func funcMatches(fd *ast.FuncDecl, e entry) bool {
	switch e.kind {
	case "func":
		return fd.Recv == nil && fd.Name.Name == e.name
	case "method":
		if fd.Recv == nil || len(fd.Recv.List) != 1 {
			return false
		}
		recv, method, _ := splitMethod(e.name)
		pointer := strings.HasPrefix(e.name, "(*")
		t := fd.Recv.List[0].Type
		star, isStar := t.(*ast.StarExpr)
		if isStar {
			t = star.X
		}
		if ix, ok := t.(*ast.IndexExpr); ok { // generic receiver T[P]
			t = ix.X
		} else if ix, ok := t.(*ast.IndexListExpr); ok {
			t = ix.X
		}
		id, ok := t.(*ast.Ident)
		return ok && id.Name == recv && isStar == pointer && fd.Name.Name == method
	}
	return false
}
