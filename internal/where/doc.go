// Package engine is the model of where code runs and what it touches: the
// walks of a package's SSA, the summaries and facts that carry them across
// packages, the findings and their advice, and -explain.
//
// Code runs on the owner unless a go statement or an async sink starts it
// (built in, see builtins.go; declared with //confined:async or -async; or
// inferred from a summary). Code handed to a hop sink runs on the owner
// again, a //confined:loop function is the owner itself, and func values
// passed to anything else run on the caller's goroutine (sync.Once.Do,
// sort.Slice, a helper that calls them).
//
// What makes a function an async sink (the rules both evaluators apply: the
// SSA walk, walk.go and callbackfields.go, and the syntax walk of packages
// with nothing confined in reach, syntaxsinks.go; analyzer/sinks_test.go
// compares what they export):
//
//  1. it hands a func parameter to a parameter that runs off the owner: a go
//     statement (the spawned function or its func arguments), a built-in or
//     declared async sink, or a function inferred to be one;
//  2. it hands to such a sink a closure that calls the parameter;
//  3. it stores the parameter (or a closure calling it) in a struct field
//     whose func the package calls off the owner: from a go statement
//     (go c.onMessage()) or from code that runs off the owner (a read loop
//     started by a go statement calling c.onMessage()); or in an exported
//     field of another package whose EntryFact says that package does.
//
// A hop sink is the same with "runs on the owner" (rules 1 and 2 only).
//
// Code runs off the owner when a go statement or an async sink starts it,
// when it is an entry point (offowner, or an implementation of an exported
// interface method another package calls off the owner), when it is stored
// in a field that off-owner code calls (this package's, or another's with
// an EntryFact), or when code running off the owner calls it (directly,
// through a func value it resolves, a local func variable, the funcs a call
// returns, an interface method, or by handing it to a function that runs it
// in place). Creating a func value runs nothing: a closure that
// off-owner code builds and stores is not called there. A //confined:loop
// function is the owner, and code handed to a hop sink runs on the owner:
// the search stops at both.
package where
