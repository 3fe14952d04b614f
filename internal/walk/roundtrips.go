package walk

// This file finds round trips: a function that sends the owner's loop a
// request carrying a reply channel it made (lookupReq{reply: reply}) and
// receives the reply waits for the loop, so it never runs on it, and
// neither does code that calls it. When the loop replies with its own
// state (r.reply <- t.online[r.user], a pointer into its map), what comes
// back is shared with the loop, not handed over.

import (
	"fmt"
	"go/token"
	"go/types"

	"github.com/confinecheck/confinecheck/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// replyFields is what the package's loops do with the reply channels of
// the requests they receive, by the request's field holding the channel.
type replyFields struct {
	answered map[*types.Var]bool // a loop of the default owner sends on it
	shared   map[*types.Var]bool // ... its own state, by reference
	trips    map[*ssa.Function]token.Pos
}

// replies indexes the package's replies and round trips, on first use.
func (c *Package) replies() *replyFields {
	if c.replied != nil {
		return c.replied
	}
	c.replied = &replyFields{answered: make(map[*types.Var]bool), shared: make(map[*types.Var]bool), trips: make(map[*ssa.Function]token.Pos)}
	for _, fn := range c.Fns {
		if domain, ok := c.M.RunsOn(fn); !ok || domain != "" {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if send, ok := instr.(*ssa.Send); ok {
					if f := flow.LoadedField(send.Chan); f != nil {
						c.replied.answered[f] = true
						c.replied.shared[f] = c.replied.shared[f] || sharesReference(send.X)
					}
				}
			}
		}
	}
	if len(c.replied.answered) == 0 {
		return c.replied // most packages: no loop answers requests
	}
	for _, fn := range c.Fns {
		if _, ok := c.M.RunsOn(fn); ok {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if recv, ok := instr.(*ssa.UnOp); ok && recv.Op == token.ARROW && c.replied.answered[requestField(recv.X)] {
					c.replied.trips[fn] = recv.Pos()
				}
			}
		}
	}
	return c.replied
}

// requestField is the field of a request that the channel ch, made here,
// is stored in (lookupReq{reply: reply}), or nil.
func requestField(ch ssa.Value) *types.Var {
	if _, made := ch.(*ssa.MakeChan); !made {
		return nil
	}
	for _, ref := range flow.Referrers(ch) {
		if st, ok := ref.(*ssa.Store); ok && st.Val == ch {
			if f := flow.FieldOf(st.Addr); f != nil {
				return f
			}
		}
	}
	return nil
}

// sharesReference reports whether v, a reply, is a pointer, map or slice
// reached from outside the function sending it (the loop's receiver or
// what it captured): state the loop keeps, not a value it made or copied.
func sharesReference(v ssa.Value) bool {
	switch v.Type().Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice:
	default:
		return false
	}
	if _, local := v.(*ssa.Alloc); local {
		return false // a pointer to a copy the loop made (c := *s; r.reply <- &c)
	}
	switch flow.ReadRoot(v).(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
		return true
	}
	return false
}

// SharedReply reports whether receiving from ch receives the state a loop
// keeps: ch is the reply channel of a request its loop answers with it.
func (c *Package) SharedReply(ch ssa.Value) bool {
	f := requestField(ch)
	return f != nil && c.replies().shared[f]
}

// maxTripDepth bounds how many calls up from a round trip its callers are
// known to wait for the loop too.
const maxTripDepth = 2

// roundTrip names fn when it waits for a loop of the default owner: it
// receives the reply to a request it sent, or calls, in this package
// outside tests, a function that does.
func (c *Package) roundTrip(fn *ssa.Function, depth int) (string, bool) {
	trips := c.replies().trips
	if len(trips) == 0 || c.inTestFile(fn.Pos()) || flow.DeclaredFunc(fn) == nil {
		return "", false
	}
	if pos, ok := trips[fn]; ok {
		return fmt.Sprintf("%s, which waits for a loop's reply (%s)", flow.Name(fn), c.M.Position(pos)), true
	}
	if depth == 0 {
		return "", false
	}
	for _, callee := range flow.StaticCalls(fn) {
		if sink, ok := c.roundTrip(callee, depth-1); ok && callee.Pkg == fn.Pkg {
			return flow.Name(fn) + ", which calls " + sink, true
		}
	}
	return "", false
}
