// Package analyzer defines an Analyzer that reports code which runs off its
// owner's execution context and touches state confined to that owner.
//
// # Analyzer confinecheck
//
// confinecheck: report off-owner touches of confined state
//
// Actor-style code keeps plain maps and counters unlocked because only the
// owner's loop touches them. This analyzer proves that: it reports code that
// may run on another goroutine (a go statement, a time.AfterFunc callback, a
// func handed to a //confined:async function) and reaches, through any
// number of calls and across packages, a type, field or function declared
// //confined:owner. Code handed to a //confined:hop function runs on the
// owner again and is not reported.
//
// The directives:
//
//	//confined:owner            type, field, func or interface method: confined to one owner
//	//confined:any              method or field of a confined type: safe from any goroutine
//	//confined:async [PARAM...] func params that run off the owner (timers, pools, handlers)
//	//confined:hop [PARAM...]   func params that run on the owner (mailbox posts)
//	//confined:inherit [PARAM...] future combinators: callbacks run where the receiver completes
//	//confined:completes async|owner  where a returned future completes
//	//confined:loop             the owner's loop itself
//	//confined:ignore REASON    suppress the finding on this or the next line
//
// Third-party functions are declared with the -async, -hop, -inherit,
// -completes-async and -completes-owner flags, and -strict widens what
// counts as off the owner.
package analyzer

const doc = `report code that runs off its owner and touches confined state

confinecheck reports code that may run on another goroutine (go statements,
time.AfterFunc and other async sinks, functions marked //confined:async) and
touches, through any number of calls, state marked //confined:owner. Code
handed to a //confined:hop function runs on the owner again. See
https://pkg.go.dev/github.com/confinecheck/confinecheck/analyzer for the
directive language.`
