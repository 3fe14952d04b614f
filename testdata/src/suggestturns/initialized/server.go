// Package initialized: what a server's Init writes sets it up, as a
// constructor does, whatever it writes (a copy of its config, a constant,
// a clock reading) and in whatever order beside what it starts: its
// framework runs Init before any other turn and before the process loop
// starts. So a goroutine reading those fields later needs them :any.
// Look-alikes: a field a later turn writes too stays confined, and so
// does one that a helper writes which a later turn calls as well; a later
// turn writing only constants sets nothing up.
package initialized

import (
	"time"

	"github.com/ergo-services/ergo/gen"
)

type Config struct {
	Name  string
	Limit int
}

type gate struct {
	gen.Server
	cfg     Config
	name    string    // want `suggest for field name: //confined:any: only code building a gate writes it, and \(\*initialized.gate\).report reads it off the owner`
	limit   int       // want `suggest for field limit: //confined:any: only code building a gate writes it, and \(\*initialized.gate\).report reads it off the owner`
	started time.Time // want `suggest for field started: //confined:any: only code building a gate writes it, and \(\*initialized.gate\).report reads it off the owner`
	mode    string    // want `suggest for field mode: //confined:any: only code building a gate writes it, and \(\*initialized.gate\).report reads it off the owner`
	riders  map[string]int
	open    bool
	port    int
}

func New(cfg Config) gen.ServerBehavior { return &gate{cfg: cfg} }

func (g *gate) Init(process *gen.ServerProcess) error { // want Init:`summary\(arg0 writes initialized\.gate\.riders; started arg0\)` Init:`writes suggestturns/initialized\.gate\.port; reads suggestturns/initialized\.Config\.Li`
	g.riders = map[string]int{}
	g.name = g.cfg.Name
	g.limit = g.cfg.Limit
	go g.report()
	g.started = time.Now()
	g.setMode()
	g.bind()
	g.open = true
	return nil
}

// setMode sets the gate up: only Init calls it.
func (g *gate) setMode() { g.mode = "idle" }

// bind is called by Init and by a later turn: no set-up.
func (g *gate) bind() { g.port++ }

func (g *gate) HandleInfo(process *gen.ServerProcess, message any) { // want HandleInfo:`writes suggestturns/initialized\.gate\.port, suggestturns/initialized\.gate\.riders; re` HandleInfo:`summary\(arg0 writes initialized\.gate\.riders\)`
	if m, ok := message.(string); ok {
		g.riders[m]++
		g.bind()
	}
}

func (g *gate) HandleCall(process *gen.ServerProcess, message any) any { // want HandleCall:`summary\(arg0 writes initialized\.gate\.open\)` HandleCall:`writes suggestturns/initialized\.gate\.open`
	g.open = false
	return nil
}

func (g *gate) report() {
	for range time.Tick(time.Second) {
		println(g.name, g.limit, time.Since(g.started).String(), g.mode, g.port, g.open)
	}
}
