// Package names holds the type helpers every stage shares (the named type
// behind a pointer, a receiver's type, the packages in view, the file of a
// position) and the one
// way findings, facts and proposals render types, functions and domains.
package names
