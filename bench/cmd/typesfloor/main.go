// Command typesfloor is the floor for any go/analysis tool that carries
// facts across packages, as confinecheck does: a do-nothing analyzer with a
// fact type, so that the driver loads and type-checks every package from
// source (standalone) or runs on every dependency for facts (under go vet),
// and then does nothing. confinecheck's cost is measured against it.
//
// The -nonce flag does nothing either: bench passes a fresh value on each
// go vet run so that go vet's result cache never answers for the tool.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

// noFact is declared and never exported.
type noFact struct{}

func (*noFact) AFact() {}

var analyzer = &analysis.Analyzer{
	Name:      "typesfloor",
	Doc:       "do nothing, after loading and type-checking every package",
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
	FactTypes: []analysis.Fact{new(noFact)},
}

func init() { analyzer.Flags.String("nonce", "", "ignored; defeats go vet's result cache") }

func main() { singlechecker.Main(analyzer) }
