package main_test

import (
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"

	main "github.com/confinecheck/confinecheck/cmd/confinecheck"
	"github.com/confinecheck/confinecheck/internal/fix"
)

// TestSuggestAgreeing checks that -suggest keeps a proposal only where
// every package reaching the object proposes the same directives.
func TestSuggestAgreeing(t *testing.T) {
	at := func(line int) token.Position { return token.Position{Filename: "lib.go", Line: line, Column: 6} }
	insert := func(text string) []fix.FileEdit { return []fix.FileEdit{{File: "lib.go", Text: text}} }
	run := fix.Change{Pos: at(4), Message: "suggest for lib.Counter: //confined:owner @run: ...", Edits: insert("//confined:owner @run\n")}
	loop := fix.Change{Pos: at(4), Message: "suggest for lib.Counter: //confined:owner @loop: ...", Edits: insert("//confined:owner @loop\n")}
	again := fix.Change{Pos: at(4), Message: "suggest for lib.Counter: //confined:owner @run: other evidence", Edits: insert("//confined:owner @run\n")}
	several := fix.Change{Pos: at(4), Message: "explain: no //confined:owner for lib.Counter: code on several owners writes it"}
	alone := fix.Change{Pos: at(9), Message: "suggest for lib.Gauge: //confined:owner: ...", Edits: insert("//confined:owner\n")}

	for _, c := range []struct {
		name    string
		in      []fix.Change
		explain bool
		want    []string // the messages kept
	}{
		{"one proposal", []fix.Change{run, alone}, false, []string{run.Message, alone.Message}},
		{"the same twice", []fix.Change{run, again}, false, []string{run.Message, again.Message}},
		{"two owners", []fix.Change{run, loop, alone}, false, []string{alone.Message}},
		{"proposed and declined", []fix.Change{run, several}, false, nil},
		{"declined first, explained", []fix.Change{several, run}, true, []string{"explain: nothing proposed for lib.Counter: the packages reaching it disagree (//confined:owner @run): several owners reach it"}},
		{"two owners, explained", []fix.Change{run, loop}, true, []string{"explain: nothing proposed for lib.Counter: the packages reaching it disagree (//confined:owner @loop; //confined:owner @run): several owners reach it"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, ch := range main.Agreeing(c.in, c.explain) {
				got = append(got, ch.Message)
			}
			assert.Equal(t, c.want, got)
		})
	}
}
