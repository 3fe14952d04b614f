package analyzer

import (
	"strings"
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

// Settings.Packs chooses the built-in packs by name: every one when nil,
// none with "none", and an unknown name is a mistake naming the packs.
func TestSettingsPacks(t *testing.T) {
	all := newConfig()
	packs, err := all.chosenPacks()
	require.NoError(t, err)
	require.NotEmpty(t, packs)

	for _, c := range []struct {
		names []string
		want  []string
	}{
		{[]string{"none"}, nil},
		{[]string{"tview", "hollywood"}, []string{"hollywood", "tview"}},
	} {
		a, err := New(Settings{Packs: c.names})
		require.NoError(t, err)
		assert.Equal(t, strings.Join(c.names, ","), a.Flags.Lookup("packs").Value.String())
		cfg := newConfig()
		require.NoError(t, cfg.packs.Set(strings.Join(c.names, ",")))
		chosen, err := cfg.chosenPacks()
		require.NoError(t, err)
		var got []string
		for _, p := range chosen {
			got = append(got, p.Name)
		}
		assert.Equal(t, c.want, got)
	}
	_, err = New(Settings{Packs: []string{"holywood"}})
	assert.ErrorContains(t, err, `no built-in pack "holywood"`)
	assert.ErrorContains(t, err, "did you mean hollywood?")
	_, err = New(Settings{Packs: []string{"none", "tview"}})
	assert.ErrorContains(t, err, `no built-in pack "none"`)
}
