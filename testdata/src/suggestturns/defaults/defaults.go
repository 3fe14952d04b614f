// Package defaults: a config filled in on a by-value receiver's copy
// (withDefaults returning c) is built there, not written: a goroutine of
// the actor reading it, beside the turns reading it too, races with
// nothing, and the config gets no owner. Look-alikes: a copy stored back
// where it came from (suggestcopies/queued), and a map a value
// receiver's copy holds (suggestcallerrun/value), write what others reach.
package defaults

import (
	"time"

	"github.com/anthdm/hollywood/actor"
)

type Config struct {
	Name    string
	Timeout time.Duration
}

func (c Config) withDefaults() Config {
	if c.Timeout == 0 {
		c.Timeout = time.Second
	}
	if c.Name == "" {
		c.Name = "garage"
	}
	return c
}

type garage struct {
	cfg   Config // want `suggest for field cfg: //confined:any: only code building a garage writes it, and func lit`
	count int
}

func newGarage(cfg Config) *garage { return &garage{cfg: cfg.withDefaults()} }

func (g *garage) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes defaults\.garage\.count; started arg0\)` Receive:`writes suggestturns/defaults\.garage\.count; reads suggestturns/defaults\.Config\.Timeout,`
	g.count++
	_ = g.cfg.Timeout
	go func() {
		time.Sleep(g.cfg.Timeout)
		println(g.cfg.Name)
	}()
}
