package summary

import (
	"math/bits"
)

// A Source is where a function gets a value from outside: one of its
// parameters (receiver first), one of its captured variables, or the
// ambient world (package-level variables, owner-only functions). handed
// marks values received from a channel: they are the function's own, a
// transfer of ownership, unless its code runs on another owner than the
// one they belong to (see the model's domains). Summaries never carry it.
type Source uint8

const (
	maxParams          = 64
	FreeBase    Source = maxParams
	Ambient     Source = 2 * maxParams
	Handed      Source = Ambient + 1
	sourceCount        = 2*maxParams + 2
)

func ParamSource(i int) Source {
	if i >= maxParams {
		return Ambient // beyond what we track: treat as coming from anywhere
	}
	return Source(i)
}

func FreeSource(i int) Source {
	if i >= maxParams {
		return Ambient
	}
	return FreeBase + Source(i)
}

// An Origin is a set of sources. An Origin without sources but handed is
// fresh: allocated by the function itself (or a constant), or handed off
// through a channel.
type Origin [3]uint64

func OriginOf(s Source) Origin {
	var o Origin
	o[s/64] |= 1 << (s % 64)
	return o
}

func (o Origin) Union(p Origin) Origin {
	return Origin{o[0] | p[0], o[1] | p[1], o[2] | p[2]}
}

// Without is o less p's sources.
func (o Origin) Without(p Origin) Origin {
	return Origin{o[0] &^ p[0], o[1] &^ p[1], o[2] &^ p[2]}
}

func (o Origin) Has(s Source) bool { return o[s/64]&(1<<(s%64)) != 0 }

// Within reports whether o has sources and all of them are p's.
func (o Origin) Within(p Origin) bool {
	o = o.tracked()
	return o != Origin{} && o[0]&^p[0] == 0 && o[1]&^p[1] == 0 && o[2]&^p[2] == 0
}

func (o Origin) Fresh() bool { return o.tracked() == Origin{} }

// Owned reports whether o is fresh and not handed off: the function
// allocated the value itself.
func (o Origin) Owned() bool { return o == Origin{} }

// tracked is o without handed: what summaries say.
func (o Origin) tracked() Origin {
	o[Handed/64] &^= 1 << (Handed % 64)
	return o
}

// Sources lists o's members but handed in increasing order.
func (o Origin) Sources() []Source {
	var out []Source
	for w, word := range o.tracked() {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			out = append(out, Source(w*64+b))
			word &^= 1 << b
		}
	}
	return out
}
