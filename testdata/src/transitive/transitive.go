// Package transitive pins down findings reached through calls
// (docs/directives.md: "a closure passed to a timer that calls a helper that
// calls a helper that writes a confined map is reported, with the whole call
// path in the message"). Findings sit at the call in the off-owner closure
// (or at the sink, for a named function) and name every step.
package transitive

import "time"

//confined:owner
type registry struct { // want registry:"confined:owner"
	entries map[string]int
	count   int
}

func (r *registry) forget(k string) { delete(r.entries, k) } // want `calls confined \(\*transitive.registry\).forget off the owner: this code runs via time.AfterFunc \(transitive.go:\d+\); path \(\*transitive.coordinator\).retry → \(\*transitive.coordinator\).reset → \(\*transitive.coordinator\).drop → \(\*transitive.registry\).forget(; inside, [^;]*)?; fix: `

//confined:owner
type table map[string]int // want table:"confined:owner"

// Three helpers deep to a write of a confined map field.

func first(r *registry)  { second(r) }
func second(r *registry) { third(r) }
func third(r *registry)  { r.entries["k"] = 1 } // want `writes confined transitive.registry.entries off the owner: this code runs via a go statement \(transitive.go:\d+\); path transitive.first → transitive.second → transitive.third → transitive.registry.entries(; inside, [^;]*)?; fix: `

func threeDeep(r *registry) {
	time.AfterFunc(time.Second, func() {
		first(r) // want `writes confined transitive.registry.entries off the owner: this code runs via time.AfterFunc \(transitive.go:\d+\); path transitive.first → transitive.second → transitive.third → transitive.registry.entries(; inside, [^;]*)?; fix: `
	})
}

func threeDeepNamed(r *registry) {
	go first(r)
}

// Three helpers deep to a write of a confined named map, handed down
// through a field of an unconfined struct.

type holder struct {
	tab table
}

func fill(h *holder)          { fillTable(h.tab) }
func fillTable(t table)       { store(t, "k") }
func store(t table, k string) { t[k] = 1 }

func threeDeepNamedMap(h *holder) {
	time.AfterFunc(time.Second, func() {
		fill(h) // want `writes confined transitive.table off the owner: this code runs via time.AfterFunc \(transitive.go:\d+\); path transitive.fill → transitive.fillTable → transitive.store → transitive.table(; inside, [^;]*)?; fix: `
	})
}

// Three methods deep, ending in a call of a confined method.

type coordinator struct {
	reg *registry
}

func (c *coordinator) retry()        { c.reset() }
func (c *coordinator) reset()        { c.drop("k") }
func (c *coordinator) drop(k string) { c.reg.forget(k) }

func threeDeepMethods(c *coordinator) {
	time.AfterFunc(time.Second, func() {
		c.retry() // want `calls confined \(\*transitive.registry\).forget off the owner: this code runs via time.AfterFunc \(transitive.go:\d+\); path \(\*transitive.coordinator\).retry → \(\*transitive.coordinator\).reset → \(\*transitive.coordinator\).drop → \(\*transitive.registry\).forget(; inside, [^;]*)?; fix: `
	})
}

func threeDeepMethodValue(c *coordinator) {
	time.AfterFunc(time.Second, c.retry)
}

// One helper deep to an increment: it writes (and reads) the field, as
// the same increment written in the closure itself does.

func tick(r *registry) { r.count++ } // want `writes confined transitive.registry.count off the owner: this code runs via time.AfterFunc \(transitive.go:\d+\); path transitive.tick → transitive.registry.count(; inside, [^;]*)?; fix: `

func oneDeepIncrement(r *registry) {
	time.AfterFunc(time.Second, func() {
		tick(r)
	})
}

func directIncrement(r *registry) {
	time.AfterFunc(time.Second, func() {
		r.count++ // want `writes confined transitive.registry.count off the owner: this code runs via time.AfterFunc \(transitive.go:\d+\)(; inside, [^;]*)?; fix: `
	})
}

// Mutual recursion that touches confined state.

func even(r *registry, n int) {
	if n == 0 {
		r.count++ // want `writes confined transitive.registry.count off the owner: this code runs via time.AfterFunc \(transitive.go:\d+\); path transitive.odd → transitive.even → transitive.registry.count(; inside, [^;]*)?; fix: ` `writes confined transitive.registry.count off the owner: this code runs via a go statement \(transitive.go:\d+\); path transitive.even → transitive.registry.count(; inside, [^;]*)?; fix: `
		return
	}
	odd(r, n-1)
}

func odd(r *registry, n int) {
	if n == 0 {
		return
	}
	even(r, n-1)
}

func mutualRecursion(r *registry) {
	time.AfterFunc(time.Second, func() {
		odd(r, 3)
	})
}

func mutualRecursionNamed(r *registry) {
	go even(r, 4)
}

// Mutual recursion where the touch is only reached on the way back.

func walkDown(r *registry, n int) {
	if n > 0 {
		walkUp(r, n-1)
	}
}

func walkUp(r *registry, n int) {
	walkDown(r, n)
	r.entries["depth"] = n // want `writes confined transitive.registry.entries off the owner: this code runs via time.AfterFunc \(transitive.go:\d+\); path transitive.walkDown → transitive.walkUp( → transitive.walkDown → transitive.walkUp)* → transitive.registry.entries(; inside, [^;]*)?; fix: `
}

func mutualRecursionLateTouch(r *registry) {
	time.AfterFunc(time.Second, func() {
		walkDown(r, 3)
	})
}

// Look-alike negatives: the same shapes over unconfined state.

type stats struct {
	entries map[string]int
	count   int
}

func plainFirst(s *stats)  { plainSecond(s) }
func plainSecond(s *stats) { plainThird(s) }
func plainThird(s *stats)  { s.entries["k"] = 1 }

func plainEven(s *stats, n int) {
	if n == 0 {
		s.count++
		return
	}
	plainOdd(s, n-1)
}

func plainOdd(s *stats, n int) {
	if n == 0 {
		return
	}
	plainEven(s, n-1)
}

func threeDeepUnconfined(s *stats) {
	time.AfterFunc(time.Second, func() {
		plainFirst(s)
		plainOdd(s, 3)
	})
	go plainFirst(s)
	go plainEven(s, 4)
}

// Look-alike negative: the confined chain itself, on the owner.
func threeDeepOnOwner(r *registry, h *holder, c *coordinator) {
	first(r)
	fill(h)
	c.retry()
	odd(r, 3)
	walkDown(r, 3)
}

// Look-alike negative: a chain off the owner that only reaches a registry it
// made itself.
func threeDeepOwnValue() {
	go func() {
		r := &registry{entries: map[string]int{}}
		first(r)
		odd(r, 3)
	}()
}
