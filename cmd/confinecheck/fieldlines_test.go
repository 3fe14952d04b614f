package main_test

import "testing"

// fieldLinesModule confines one unexported field of a type whose lock
// guards the others; its package's external test writes it through an
// exported method on a goroutine of its own, for the test's value and for
// one the goroutine made itself.
var fieldLinesModule = map[string]string{
	"go.mod": "module example.com/fieldlines\n\ngo 1.26\n",
	"gauge/gauge.go": `package gauge

import "sync"

// Gauge's level is for the code that made it; mu guards peak alone.
type Gauge struct {
	mu    sync.Mutex
	peak  int
	level int //confined:owner
}

// Set is for the code that made g.
func (g *Gauge) Set(n int) {
	g.level = n
}
`,
	"gauge/gauge_test.go": `package gauge_test

import (
	"sync"
	"testing"

	"example.com/fieldlines/gauge"
)

func TestSetBeside(t *testing.T) {
	var g gauge.Gauge
	var wg sync.WaitGroup
	wg.Go(func() {
		g.Set(1)
		var own gauge.Gauge
		own.Set(3)
	})
	g.Set(2)
	wg.Wait()
}
`,
}

// TestConfinedFieldTouchAtItsLine: an external test's goroutine calling a
// method that writes an unexported field confined one by one is reported
// at the write, the line the race detector names, as for a confined type
// (the field's directive travels to the test package with the type's),
// with the advice for state no loop runs, the same standalone and under
// go vet; the goroutine's own value is no finding.
func TestConfinedFieldTouchAtItsLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	requireFindingsEveryWay(t, setupModule(t, fieldLinesModule), []string{
		"gauge.go:14:4: writes confined gauge.Gauge.level off the owner: this code runs via (*sync.WaitGroup).Go (gauge_test.go:13); " +
			"path (*gauge.Gauge).Set → gauge.Gauge.level; fix: no loop runs the owner",
	})
}
