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
	"maps"
	"slices"

	"github.com/confinecheck/confinecheck/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// replyFields is what the package's loops do with the reply channels of
// the requests they receive, by the request's way in and the field
// holding its reply channel.
type replyFields struct {
	answered map[replyKey]bool // a loop of the default owner sends on it
	shared   map[replyKey]bool // ... its own state, by reference
	trips    map[*ssa.Function]token.Pos
}

// A replyKey names a reply channel: the field of the request holding it,
// and the channel field the request travels on (nil where unknown: then
// any).
type replyKey struct{ in, reply *types.Var }

// replies indexes the package's replies and round trips, on first use.
func (c *Package) replies() *replyFields {
	if c.replied != nil {
		return c.replied
	}
	c.replied = &replyFields{answered: make(map[replyKey]bool), shared: make(map[replyKey]bool), trips: make(map[*ssa.Function]token.Pos)}
	for _, fn := range c.Fns {
		if domain, ok := c.M.RunsOn(fn); !ok || domain != "" {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if send, ok := instr.(*ssa.Send); ok {
					if f := flow.LoadedField(send.Chan); f != nil {
						k := replyKey{receivedOn(send.Chan), f}
						c.replied.answered[k] = true
						c.replied.shared[k] = c.replied.shared[k] || sharesReference(send.X)
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
				if recv, ok := instr.(*ssa.UnOp); ok && recv.Op == token.ARROW && c.replied.lookup(c.replied.answered, recv.X) {
					c.replied.trips[fn] = recv.Pos()
				}
			}
		}
	}
	return c.replied
}

// lookup reports whether in has the key of ch, a reply channel a round
// trip made, or the key of its request field on any way in.
func (rf *replyFields) lookup(in map[replyKey]bool, ch ssa.Value) bool {
	k, ok := requestKey(ch)
	return ok && (in[k] || in[replyKey{nil, k.reply}] || k.in == nil && slices.ContainsFunc(slices.Collect(maps.Keys(in)), func(x replyKey) bool { return x.reply == k.reply && in[x] }))
}

// receivedOn is the channel field the request whose field the reply
// channel ch is (r.reply, r received from t.lookup) came in on, or nil.
func receivedOn(ch ssa.Value) *types.Var {
	var req ssa.Value
	switch x := ch.(type) {
	case *ssa.Field:
		req = x.X
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			req = fa.X
			if load, ok := req.(*ssa.UnOp); ok && load.Op == token.MUL {
				req = load.X
			}
		}
	}
	if req == nil {
		return nil
	}
	if cell, ok := req.(*ssa.Alloc); ok { // case req := <-t.lookup, its address taken
		if stored := flow.StoredValues(cell); len(stored) == 1 {
			req = stored[0]
		}
	}
	if in := flow.ReceivedFrom(req); in != nil {
		return flow.LoadedField(in)
	}
	return nil
}

// requestKey is the key of ch, a channel made here and stored in a field
// of a request (lookupReq{reply: reply}) that the function sends on a
// channel field (t.lookup <- ...): the way in is nil where it sends none.
func requestKey(ch ssa.Value) (replyKey, bool) {
	if _, made := ch.(*ssa.MakeChan); !made {
		return replyKey{}, false
	}
	for _, ref := range flow.Referrers(ch) {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Val != ch {
			continue
		}
		if f := flow.FieldOf(st.Addr); f != nil {
			return replyKey{sentOn(st.Addr.(*ssa.FieldAddr).X), f}, true
		}
	}
	return replyKey{}, false
}

// sentOn is the channel field the request req (an allocation) is sent on,
// as a value or a pointer, or nil.
func sentOn(req ssa.Value) *types.Var {
	for _, ref := range flow.Referrers(req) {
		v := ssa.Value(req)
		if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL {
			v = load
			if refs := flow.Referrers(load); len(refs) == 1 {
				ref = refs[0]
			}
		}
		for _, ch := range flow.SentChannels(ref) {
			if send, ok := ref.(*ssa.Send); !ok || send.X == v {
				if f := flow.LoadedField(ch); f != nil {
					return f
				}
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
	rf := c.replies()
	return rf.lookup(rf.shared, ch)
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
