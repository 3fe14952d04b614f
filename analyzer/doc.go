// Package analyzer defines an Analyzer that reports code which runs off its
// owner's execution context and touches state confined to that owner.
//
// # Analyzer confinecheck
//
// confinecheck: report code that runs off its owner and touches confined state
//
// Actor-style code keeps plain maps and counters unlocked because only the
// owner's loop touches them. This analyzer checks that: it reports code that
// may run on another goroutine (a go statement, a time.AfterFunc callback, a
// func handed to a //confined:async function) and reaches, through any
// number of calls and across packages, a type, field or function declared
// //confined:owner. Code handed to a //confined:hop function runs on the
// owner again and is not reported; code handed to a //confined:sync function
// runs while its caller waits, as if on the caller. Calling a method of a
// confined type touches what the method's body touches: a mailbox Post that
// only sends on a channel is safe from anywhere.
//
// The directives, each a line comment in the doc comment of what it
// describes (an ignore on the line of a finding or the line above):
//
//	//confined:owner [@DOMAIN]        type, field, func or interface method: confined to one owner
//	//confined:any                    method or field of a confined type: safe from any goroutine
//	//confined:async [PARAM...]       func params that run off the owner (timers, pools, handlers)
//	//confined:hop [@DOMAIN] [PARAM...]  func params that run on the owner (mailbox posts); on a
//	                                  function with none that takes a message: the way back by message
//	//confined:sync [PARAM...]        func params that run on another goroutine while the caller
//	                                  waits (testing.T.Run, helpers that start and join a goroutine)
//	//confined:inherit [PARAM...]     future combinators: callbacks run where the receiver completes
//	//confined:completes async|owner  where a returned future completes
//	//confined:loop [@DOMAIN]         the owner's loop itself; on an interface method, a turn of the
//	                                  owner: every implementation runs on it, its type belongs to it
//	//confined:ignore REASON          suppress the finding on this or the next line
//	//confined:declare VERB NAME      a line of its own: VERB for code you cannot annotate
//
// Malformed and misplaced directives are reported too.
//
// A program with several owners names them, @NAME after owner, loop and hop:
// code on one owner (a loop's body, a hop's callback, a //confined:owner @X
// function) that touches another owner's state is reported, and so is a
// value touched after it was sent to another owner on a channel its loop
// receives from or in a hop's callback. Without names there is one owner.
//
// Frameworks are known through packs, built in: the declarations of
// protoactor-go, hollywood, ergo, Bubble Tea, tview, tcell, robfig/cron,
// go-libp2p, grpc and more apply to every run in which the framework is in
// the build (an actor's Receive is a turn of the actor, so the actor's
// fields need no directive). -packs chooses them by name, -packs=none
// turns them off.
//
// Third-party code is declared with //confined:declare lines in any file of
// a package, such as
//
//	//confined:declare hop github.com/asynkron/protoactor-go/actor.Context.ReenterAfter:continuation
//
// which apply to that package and every package importing it. NAME is
// pkg.Func, pkg.Type, pkg.Type.Method or pkg.(*Type).Method (a method
// promoted into a type counts), optionally followed by :param+param, or
// pkg.* for every type of a package. A declaration means the same wherever
// it is written, and wins over what the checker infers from a framework's
// code. The
// same lines may sit in a file given with -declare or in confinecheck.conf
// files, read from a package's directory up to its module root (go vet's
// cache does not see those: -conf-digest takes a digest of them, and is
// otherwise ignored), and the -async, -hop,
// -sync, -inherit, -completes-async and -completes-owner flags
// (-confinecheck.async and so on under go vet) take lists of names. A name
// that names nothing is reported, with the nearest names. -explain reports
// what each directive and declaration resolved to, the packs applied and
// the sinks inferred; it never changes the findings.
// -strict treats futures that nobody declared as completing anywhere, and
// resolves interface calls to every implementation. -suggest reports,
// instead of findings, the directives the shape of unannotated code
// suggests (loops, hops, owners, :any fields, futures, async sinks), each
// with a fix inserting it.
package analyzer

import _ "embed"

// docSource is this file: its package comment is the analyzer's Doc too.
//
//go:embed doc.go
var docSource string

// doc is the analyzer's Doc: the "Analyzer confinecheck" section above.
var doc = extractDoc(docSource, "confinecheck")
