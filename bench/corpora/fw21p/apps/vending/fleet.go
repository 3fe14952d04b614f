package vending

import (
	"sort"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"example.com/corpus/trial-fw21p/internal/inventory"
)

// Requests accepted by the fleet actor.
type (
	// Register adds a machine to the fleet.
	Register struct {
		ID  string
		PID *actor.PID
	}
	// CollectTelemetry asks every machine for fresh telemetry.
	CollectTelemetry struct{}
	// RestockPlanRequest asks for today's restocking route.
	RestockPlanRequest struct{}
	// RevenueRequest asks for the cash collected per machine.
	RevenueRequest struct{}
)

// Stop is one machine visit on a restocking route.
type Stop struct {
	Machine string
	Slots   []string
}

// PlanRoute asks the planner to order stops.
type PlanRoute struct{ Stops []Stop }

// Route is an ordered list of stops.
type Route struct {
	Stops []Stop
	Err   string
}

// Fleet tracks the machines of one operator.
type Fleet struct {
	planner     *actor.PID
	threshold   int
	planTimeout time.Duration
	machines    map[string]*actor.PID
	telemetry   map[string]Telemetry
	received    int
}

func newFleet(planner *actor.PID, threshold int) *Fleet {
	return &Fleet{
		planner:     planner,
		threshold:   threshold,
		planTimeout: 5 * time.Second,
		machines:    make(map[string]*actor.PID),
		telemetry:   make(map[string]Telemetry),
	}
}

// Receive implements actor.Actor.
func (f *Fleet) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case Register:
		f.machines[m.ID] = m.PID
		ctx.Request(m.PID, telemetryRequest{})
		reply(ctx, len(f.machines))
	case CollectTelemetry:
		for _, id := range f.ids() {
			ctx.Request(f.machines[id], telemetryRequest{})
		}
		reply(ctx, len(f.machines))
	case Telemetry:
		f.telemetry[m.Machine] = m
		f.received++
	case RevenueRequest:
		out := make(map[string]int, len(f.telemetry))
		for id, t := range f.telemetry {
			out[id] = t.Cash
		}
		reply(ctx, out)
	case RestockPlanRequest:
		reply(ctx, f.plan(ctx))
	}
}

func (f *Fleet) ids() []string {
	ids := make([]string, 0, len(f.machines))
	for id := range f.machines {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// plan lists the machines that need a visit and lets the planner order
// them.
func (f *Fleet) plan(ctx actor.Context) Route {
	var stops []Stop
	for _, id := range f.ids() {
		t, ok := f.telemetry[id]
		if !ok {
			continue
		}
		if low := inventory.LowStock(t.Slots, f.threshold); len(low) > 0 {
			stops = append(stops, Stop{Machine: id, Slots: low})
		}
	}
	if len(stops) == 0 {
		return Route{}
	}
	res, err := ctx.RequestFuture(f.planner, PlanRoute{Stops: stops}, f.planTimeout).Result()
	if err != nil {
		return Route{Stops: stops, Err: err.Error()}
	}
	route, ok := res.(Route)
	if !ok {
		return Route{Stops: stops, Err: "unexpected planner reply"}
	}
	return route
}

// Planner orders restocking stops; this one visits the emptiest machines
// first.
type Planner struct {
	planned int
}

// Receive implements actor.Actor.
func (p *Planner) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case PlanRoute:
		stops := make([]Stop, len(m.Stops))
		copy(stops, m.Stops)
		sort.SliceStable(stops, func(i, j int) bool { return len(stops[i].Slots) > len(stops[j].Slots) })
		p.planned++
		reply(ctx, Route{Stops: stops})
	}
}
