// Package where holds the rules of where code runs, once, for both
// evaluators: the SSA walk (package walk), for packages that can reach
// confined state, and the syntax path (package syntax), for those that
// cannot. Each evaluator extracts the same small set of events from a body
// of code (a go statement, a call with its callee and arguments, a store
// of funcs into a field, a send of funcs on a channel, a conversion to a
// func type, an interface call); the rules here say where the func values
// of each event run (Rules), and the off-owner search (Search) follows the
// code that runs off the owner through the calls it makes.
//
// Code runs on the owner unless a go statement or an async sink starts it
// (built in, declared with //confined:async, or inferred from a summary).
// Code handed to a hop sink runs on the owner again, a //confined:loop
// function is the owner itself, and func values passed to anything else
// run on the caller's goroutine (sync.Once.Do, sort.Slice, a helper that
// calls them), or while it waits (a sync sink, a joined goroutine).
//
// What makes a function an async sink of a func parameter:
//
//  1. it hands the parameter to code that runs off the owner: a go
//     statement (the spawned function or its func arguments), a built-in
//     or declared async sink, a function inferred to be one, a conversion
//     to a func type marked offowner (net/http.HandlerFunc);
//  2. it hands to such a sink a closure that calls the parameter;
//  3. it stores the parameter (or a closure calling it) in a field whose
//     funcs code off the owner calls (this package's, as the search finds,
//     or another's, through its EntryFact), or sends it on a channel whose
//     funcs code off the owner receives.
//
// A hop sink is the same with "runs on the owner": a declared hop, a
// function inferred to be one, a send on a channel an owner's loop
// receives from.
//
// Code runs off the owner when a go statement or an async sink starts it,
// when it is an entry point (offowner, or an implementation of an exported
// interface method another package calls off the owner), when it is stored
// in a field that off-owner code calls, or when code running off the owner
// calls it (directly, through a func value it resolves, the funcs a call
// returns, an interface method, or by handing it to a function that runs
// it in place). Creating a func value runs nothing: a closure that
// off-owner code builds and stores is not called there. The owner's loop,
// and code handed to a hop sink, stop the search.
//
// Where funcs sent on a channel field run follows from who receives them:
// off the owner when off-owner code receives them, on an owner when a loop
// or owner-only function does, on the default owner when code on the owner
// receives them in a loop (an event loop that main calls).
package where
