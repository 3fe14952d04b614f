package nearest

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNames(t *testing.T) {
	tests := []struct {
		word       string
		candidates []string
		want       []string
	}{
		{"ReenterAftr", []string{"Send", "ReenterAfter", "Self"}, []string{"ReenterAfter"}},
		{"asnyc", []string{"async", "hop", "sync"}, []string{"async"}},
		{"cont", []string{"f", "continuation"}, []string{"continuation"}},
		{"OWNER", []string{"owner", "any"}, []string{"owner"}},
		// Ties are kept, in the candidates' order; farther ones are not.
		{"hopp", []string{"hop", "loop", "hops", "sync"}, []string{"hop", "hops"}},
		// Nothing near enough: no advice.
		{"bogus", []string{"owner", "any", "async"}, nil},
		{"x", nil, nil},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Names(tt.word, tt.candidates), "Names(%q, %q)", tt.word, tt.candidates)
	}
}

func TestDidYouMean(t *testing.T) {
	assert.Equal(t, "; did you mean hop or hops?", DidYouMean("hopp", []string{"hop", "hops"}))
	assert.Empty(t, DidYouMean("bogus", []string{"owner"}))
}
