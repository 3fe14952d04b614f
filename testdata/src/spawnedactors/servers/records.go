package servers

import (
	"spawnedactors/servers/stock"

	"github.com/ergo-services/ergo/gen"
)

// A record one actor keeps and writes (a cab's stop set) is that actor's
// state, wherever a pointer to it goes: the cab shares it in its reply,
// and a planner's turn reading it reads the cab's state off the cab's
// mailbox, itself or in a helper, and so does a helper of another package
// ranging over a map of them. Look-alikes: a copy in the reply, a field of
// the record only set where it is built, and a record both actors write
// (no one actor's).

//confined:owner
type StopSet struct { // want StopSet:`confined:owner`
	name   string
	floors []int
}

func newCab(name string) *Cab { return &Cab{stops: &StopSet{name: name}} }

func (s *StopSet) add(f int) { s.floors = append(s.floors, f) }

//confined:owner
type Tally struct{ n int } // want Tally:`confined:owner`

type cabInfo struct {
	stops *StopSet
	slots map[string]*stock.Slot // want slots:`carries servers\.Cab\.slots`
	view  StopView
	tally *Tally
}

type StopView struct{ Floors []int }

type Cab struct {
	gen.Server
	stops *StopSet
	slots map[string]*stock.Slot
	tally *Tally
}

func (c *Cab) HandleInfo(p *gen.ServerProcess, m any) { // want HandleInfo:`summary\(arg0 writes stock\.Slot\.Count\)`
	c.stops.add(3)
	c.slots["a"].Count--
	c.tally.n++
	_ = cabInfo{stops: c.stops, slots: c.slots, view: StopView{Floors: append([]int(nil), c.stops.floors...)}, tally: c.tally}
}

type Planner struct {
	gen.Server
	cabs []cabInfo
}

func (pl *Planner) HandleInfo(p *gen.ServerProcess, m any) { // want HandleInfo:`summary\(arg0 writes servers\.Planner\.cabs\)`
	if info, ok := m.(cabInfo); ok {
		pl.cabs = append(pl.cabs, info)
	}
	for _, c := range pl.cabs {
		_ = len(c.stops.floors) // want `reads confined servers\.StopSet\.floors off the owner: this code runs via a turn of servers\.Planner, while servers\.StopSet is the state of servers\.Cab, another actor, which keeps it \(each actor's turns run on its own mailbox\) \(records\.go:\d+\)`
		_ = extent(c.stops)
		_ = stock.Low(c.slots) // want `reads confined stock\.Slot\.Count off the owner: this code runs via a turn of servers\.Pla`
		_ = len(c.view.Floors)
		_ = c.stops.name
		c.tally.n++
	}
}

func extent(s *StopSet) int { return len(s.floors) } // want `reads confined servers\.StopSet\.floors off the owner: this code runs via a turn of server`
