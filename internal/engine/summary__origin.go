package engine

import (
	"math/bits"
)

// A source is where a function gets a value from outside: one of its
// parameters (receiver first), one of its captured variables, or the
// ambient world (package-level variables, owner-only functions). handed
// marks values received from a channel: they are the function's own, a
// transfer of ownership, unless its code runs on another owner than the
// one they belong to (see domains.go). Summaries never carry it.
type source uint8

const (
	maxParams          = 64
	freeBase    source = maxParams
	ambient     source = 2 * maxParams
	handed      source = ambient + 1
	sourceCount        = 2*maxParams + 2
)

func ParamSource(i int) source {
	if i >= maxParams {
		return ambient // beyond what we track: treat as coming from anywhere
	}
	return source(i)
}

func freeSource(i int) source {
	if i >= maxParams {
		return ambient
	}
	return freeBase + source(i)
}

// An Origin is a set of sources. An Origin without sources but handed is
// fresh: allocated by the function itself (or a constant), or handed off
// through a channel.
type Origin [3]uint64

func originOf(s source) Origin {
	var o Origin
	o[s/64] |= 1 << (s % 64)
	return o
}

func (o Origin) union(p Origin) Origin {
	return Origin{o[0] | p[0], o[1] | p[1], o[2] | p[2]}
}

func (o Origin) Has(s source) bool { return o[s/64]&(1<<(s%64)) != 0 }

func (o Origin) Fresh() bool { return o.tracked() == Origin{} }

// Owned reports whether o is fresh and not handed off: the function
// allocated the value itself.
func (o Origin) Owned() bool { return o == Origin{} }

// tracked is o without handed: what summaries say.
func (o Origin) tracked() Origin {
	o[handed/64] &^= 1 << (handed % 64)
	return o
}

// Sources lists o's members but handed in increasing order.
func (o Origin) Sources() []source {
	var out []source
	for w, word := range o.tracked() {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			out = append(out, source(w*64+b))
			word &^= 1 << b
		}
	}
	return out
}
