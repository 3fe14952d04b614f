package analyzer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
)

// Analyzers made by New keep their settings to themselves: neither another
// analyzer nor the flag-driven default sees them.
func TestNewKeepsSettingsApart(t *testing.T) {
	a, err := New(Settings{Async: []string{"example.com/lib.Dial", "example.com/lib.(*Client).Subscribe:onErr"},
		Strict: true})
	require.NoError(t, err)
	b, err := New(Settings{})
	require.NoError(t, err)
	assert.Equal(t, "example.com/lib.Client.Subscribe:onErr,example.com/lib.Dial",
		a.Flags.Lookup("async").Value.String())
	assert.Equal(t, "true", a.Flags.Lookup("strict").Value.String())
	for _, other := range []*analysis.Analyzer{b, Analyzer} {
		assert.Empty(t, other.Flags.Lookup("async").Value.String())
		assert.Equal(t, "false", other.Flags.Lookup("strict").Value.String())
	}

	_, err = New(Settings{Hop: []string{"Post"}})
	assert.ErrorContains(t, err, "hop: cannot read function name")
}
