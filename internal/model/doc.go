// Package model is the first stage of a pass: what the directives in view
// say. It reads the package's //confined directives, resolves the
// declarations (flags, -declare files, confinecheck.conf,
// //confined:declare, built-in tables) and the facts of other packages,
// and answers, for any object, what is confined and to which owner, where
// the funcs handed to a function run by contract (Contract), which code is
// an entry point (Entries), and what other packages' facts say (View). It
// knows nothing of function bodies.
//
// The stages after it (where, walk, syntax, report) read it; only -suggest
// changes it, through one door: Adopt, which makes a proposed directive
// part of the package's directives as if written and forgets what the
// model computed from the old ones.
package model
