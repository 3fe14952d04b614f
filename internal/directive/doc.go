// Package directive reads what users write: //confined: comments, the
// //confined:declare lines and the -declare file and flags. It parses them
// into Facts attached to the objects they are about, resolves declaration
// names among the packages in view with "did you mean" for the misspelt,
// and checks every spelling by one set of rules (rules.go). It reports
// nothing itself: Parse and Resolve return their diagnostics. It builds no
// SSA.
package directive
