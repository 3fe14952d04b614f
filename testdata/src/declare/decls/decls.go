// Package decls only declares: it does not import what it names, and its
// declarations apply in the packages that import it.
package decls

//confined:declare async declare/lib.Every
