// Command ssafloor is the floor for an SSA-based analyzer that carries facts
// across packages (as gVisor's checklocks does): it requires buildssa, so the
// driver builds SSA for every package, and then does nothing. confinecheck
// builds SSA itself, and only where confined state is in reach; this floor
// shows what requiring buildssa would cost.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/singlechecker"
)

// noFact is declared and never exported.
type noFact struct{}

func (*noFact) AFact() {}

var analyzer = &analysis.Analyzer{
	Name:      "ssafloor",
	Doc:       "do nothing, after building SSA for every package",
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
	Requires:  []*analysis.Analyzer{buildssa.Analyzer},
	FactTypes: []analysis.Fact{new(noFact)},
}

func init() { analyzer.Flags.String("nonce", "", "ignored; defeats go vet's result cache") }

func main() { singlechecker.Main(analyzer) }
