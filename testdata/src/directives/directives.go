// Package directives checks that malformed and misplaced //confined
// directives are reported, and that the accepted spellings are not.
package directives

import "time"

// ---- Malformed on their own ----

// want +2 `unknown directive //confined:bogus; known verbs are owner, any, async, hop, sync, inherit, completes, offowner, loop, ignore and declare`
//
//confined:bogus
func unknownVerb() {}

func shouting() {
	// Verbs are case-sensitive (gofmt would make prose of this line in a doc
	// comment, so it lives in a body).
	// want +1 `unknown directive //confined:Owner`
	//confined:Owner
}

func noVerb() {
	// gofmt turns a "//confined:" doc line into prose, so the verbless form
	// can only survive outside a doc comment; it is reported there.
	// want +1 `directive "//confined:" has no verb`
	//confined:
}

// want +2 `//confined:owner takes no arguments, got "extra"`
//
//confined:owner extra
type ownerExtra struct{ n int }

// want +2 `//confined:loop takes no arguments, got "now"`
//
//confined:loop now
func loopExtra() {}

// ---- //confined:any outside a confined type ----

type plain struct {
	// want +1 `//confined:any on a field of plain, which is not confined; mark the type //confined:owner or drop the directive`
	//confined:any
	n int
}

// want +2 `//confined:any on get, which is not a method of a confined type`
//
//confined:any
func (p *plain) get() int { return p.n }

// want +2 `//confined:any on helper, which is not a method of a confined type`
//
//confined:any
func helper() {}

// Look-alikes: //confined:any on a field and a method of a confined type.

//confined:owner
type server struct { // want server:"confined:owner"
	//confined:any
	name string
	n    int
}

//confined:any
func (s *server) label() string { return s.name }

// A member cannot be both.

//confined:owner
type mixed struct { // want mixed:"confined:owner"
	// want +2 `flag is marked both //confined:owner and //confined:any`
	//confined:owner
	//confined:any
	flag bool // want flag:`confined:owner,any`
}

// want +3 `both is marked both //confined:owner and //confined:any`
//
//confined:owner
//confined:any
func (m *mixed) both() {}

// ---- PARAM lists ----

// want +2 `//confined:async names parameter n of asyncNonFunc, whose type int is not a func`
//
//confined:async n
func asyncNonFunc(n int, f func()) { _, _ = n, f }

// want +2 `//confined:async names "g", which is not a parameter of asyncMissing`
//
//confined:async g
func asyncMissing(f func()) { _ = f }

// want +2 `//confined:hop names "h", which is not a parameter of hopMissing`
//
//confined:hop h
func hopMissing(f func()) { _ = f }

// want +2 `//confined:async on asyncNoFuncs, which has no func-typed parameter to run`
//
//confined:async
func asyncNoFuncs(n int) { _ = n }

// want +2 `//confined:hop on hopNoFuncs, which has no func-typed parameter to run`
//
//confined:hop
func hopNoFuncs(s string) { _ = s }

// want +3 `parameter f of asyncAndHop is both //confined:async and //confined:hop`
//
//confined:async f
//confined:hop f
func asyncAndHop(f func()) { _ = f }

// want +3 `parameter f of asyncAndHopAll is both //confined:async and //confined:hop`
//
//confined:async
//confined:hop
func asyncAndHopAll(f func()) { _ = f }

// Look-alikes: a func type behind a name is a func parameter, and async and
// hop on different parameters do not contradict each other.

type handler func(int)

//confined:async h
func namedFuncType(n int, h handler) { _, _ = n, h }

//confined:async onErr
//confined:hop onDone
func split(onErr, onDone func()) { _, _ = onErr, onDone }

// Repeating a verb with and without PARAMs is not a contradiction.
//
//confined:async
//confined:async f
func asyncTwice(f, g func()) { _, _ = f, g }

// ---- completes ----

type future struct{ done chan struct{} }

// want +2 `//confined:completes takes exactly one of "async" or "owner"`
//
//confined:completes later
func badCompletes() *future { return nil }

// want +2 `//confined:completes takes exactly one of "async" or "owner"`
//
//confined:completes
func emptyCompletes() *future { return nil }

// want +2 `//confined:completes on completesNothing, which returns nothing`
//
//confined:completes async
func completesNothing() {}

// want +3 `completesBoth has conflicting //confined:completes directives \(async and owner\)`
//
//confined:completes async
//confined:completes owner
func completesBoth() *future { return nil }

// Look-alike: the same completes twice is redundant, not conflicting.
//
//confined:completes owner
//confined:completes owner
func completesTwice() *future { return nil }

// ---- Misplaced ----

// want +2 `misplaced //confined:owner: it must be in the doc comment of a type, struct field, func, method or interface method`
//
//confined:owner
var global int

// want +2 `misplaced //confined:async`
//
//confined:async
const answer = 42

// want +2 `//confined:loop does not apply to a type; only //confined:owner \(or the bare //confined\) marks a type`
//
//confined:loop
type loopType struct{}

// want +2 `//confined:async does not apply to a type`
//
//confined:async
type asyncType func()

// want +2 `//confined:any does not apply to a type`
//
//confined:any
type anyType struct{}

type fieldVerbs struct {
	// want +1 `//confined:hop does not apply to a struct field; fields take //confined:owner or //confined:any`
	//confined:hop
	cb func()
}

type iface interface {
	// want +1 `//confined:any on a method of an interface that is not confined`
	//confined:any
	get() int
}

func body() {
	// want +1 `misplaced //confined:owner`
	//confined:owner
	x := 1
	_ = x
}

// ---- Accepted forms: no diagnostic ----

// confined
type gofmtMarker struct{ n int } // want gofmtMarker:"confined:owner"

type (
	//confined
	bareMarker struct{ n int } // want bareMarker:"confined:owner"
)

func localTypes() {
	//confined
	type local struct{ n int } // want local:"confined:owner"
	_ = local{}
}

//confined:owner
type Actor struct { // want Actor:"confined:owner"
	mailbox chan func()
}

// Several directives on one declaration.
//
//confined:any
//confined:hop
func (a *Actor) Post(f func()) { a.mailbox <- f } // want Post:`^confined:any,hop\[1\]$` Post:`^summary\(sends arg1 on directives\.Actor\.UF0\)$`

// Generic confined types take the marker too.
//
//confined:owner
type box[T any] struct{ v T } // want box:"confined:owner"

//confined:any
func (b *box[T]) peek() {}

// A field of a nested struct is a struct field too: only it is confined.
type conn struct {
	stats struct {
		//confined:owner
		sent int // want sent:`confined:owner`
		seen int
	}
}

func nestedField(c *conn) {
	time.AfterFunc(time.Second, func() {
		c.stats.sent++ // want `writes confined \S*sent off the owner`
		c.stats.seen++
	})
}

// Prose that merely starts like a directive is not one.
func prose() {
	//confinedness is good
	//confined_by_design
	// confined: this comment explains itself
}

// confined
func notAType() {} // "// confined" is only a marker on a type; here it is prose.
