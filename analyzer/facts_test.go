package analyzer

import (
	"bytes"
	"encoding/gob"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
)

// Facts travel between go vet (and nogo) processes gob-encoded, and build
// systems cache them by content: they must round-trip and encode the same
// way every time.
func TestFactsRoundTripDeterministically(t *testing.T) {
	w := witness{
		Action: "writes", Member: "rpc.Client.pending",
		Site: position{File: "/src/rpc/client.go", Line: 40, Col: 2},
		Via:  []step{{Callee: "(*rpc.Client).send", Call: position{File: "/src/rpc/client.go", Line: 20, Col: 9}}},
	}
	facts := []analysis.Fact{
		&directiveFact{Owner: true},
		&directiveFact{Any: true, Hop: []int{1}, Inherit: []int{}, Inherits: true, Completes: completesOwner},
		&summaryFact{Summary: summary{
			Touches:   []touch{{Source: paramSource(0), Witness: w}, {Source: ambient, Witness: w}},
			Invokes:   originOf(paramSource(2)),
			Async:     originOf(paramSource(1)),
			Result:    originOf(paramSource(0)),
			Completes: completesOffOwner,
		}},
	}
	for _, fact := range facts {
		first, second := encode(t, fact), encode(t, fact)
		require.Equal(t, first, second, "%T encodes differently twice", fact)

		decoded := newFactLike(fact)
		require.NoError(t, gob.NewDecoder(bytes.NewReader(first)).Decode(decoded))
		require.Equal(t, fact.(interface{ String() string }).String(), decoded.(interface{ String() string }).String())
		require.Equal(t, first, encode(t, decoded), "%T changes through a round trip", fact)
	}
}

func encode(t *testing.T, fact analysis.Fact) []byte {
	var buf bytes.Buffer
	require.NoError(t, gob.NewEncoder(&buf).Encode(fact))
	return buf.Bytes()
}

func newFactLike(fact analysis.Fact) analysis.Fact {
	switch fact.(type) {
	case *directiveFact:
		return new(directiveFact)
	default:
		return new(summaryFact)
	}
}
