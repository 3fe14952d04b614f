package elevator

import (
	"fmt"
	"sort"

	"github.com/ergo-services/ergo/etf"
	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/lib"

	"example.com/corpus/trial-fw21p/internal/lift"
)

// Dispatcher assigns hall calls to cars.
type Dispatcher struct {
	gen.Server
	display  string
	cars     []CarInfo
	assigned map[int]string
	pending  []HallCall
}

// NewDispatcher returns the dispatcher behavior. display is the registered
// name of the lobby display process.
func NewDispatcher(display string) *Dispatcher {
	return &Dispatcher{display: display, assigned: make(map[int]string)}
}

// HandleInfo implements gen.ServerBehavior.
func (d *Dispatcher) HandleInfo(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	switch m := message.(type) {
	case HallCall:
		if err := d.assign(process, m); err != nil {
			lib.Warning("dispatcher: hall call %d %s: %v", m.Floor, m.Dir, err)
			d.pending = append(d.pending, m)
		}
	}
	return gen.ServerStatusOK
}

// HandleDirect implements gen.ServerBehavior.
func (d *Dispatcher) HandleDirect(process *gen.ServerProcess, ref etf.Ref, message interface{}) (interface{}, gen.DirectStatus) {
	switch m := message.(type) {
	case registerCar:
		reply, err := process.Call(m.PID, describeRequest{})
		if err != nil {
			return nil, err
		}
		info, ok := reply.(CarInfo)
		if !ok {
			return nil, fmt.Errorf("unexpected describe reply %T", reply)
		}
		d.cars = append(d.cars, info)
		sort.Slice(d.cars, func(i, j int) bool { return d.cars[i].Name < d.cars[j].Name })
		return len(d.cars), gen.DirectStatusOK
	case etaRequest:
		out := make(map[int]string, len(d.assigned))
		for f, car := range d.assigned {
			out[f] = car
		}
		return out, gen.DirectStatusOK
	}
	return nil, lib.ErrUnsupportedRequest
}

// assign picks the cheapest car for call, announces it and hands it over.
func (d *Dispatcher) assign(process *gen.ServerProcess, call HallCall) error {
	if len(d.cars) == 0 {
		return fmt.Errorf("no cars registered")
	}
	best, bestCost := -1, 0
	for i, car := range d.cars {
		if !car.Bounds.Contains(call.Floor) {
			continue
		}
		reply, err := process.Call(car.PID, statusRequest{})
		if err != nil {
			continue
		}
		st := reply.(Status)
		cost := lift.Cost(st.Floor, st.Dir, car.Stops, call.Floor, call.Dir)
		if best < 0 || cost < bestCost {
			best, bestCost = i, cost
		}
	}
	if best < 0 {
		return fmt.Errorf("no car serves floor %d", call.Floor)
	}
	car := d.cars[best]
	eta := ETA{Floor: call.Floor, Car: car.Name, Floors: bestCost}
	if _, err := process.Call(d.display, eta); err != nil {
		lib.Warning("dispatcher: display: %v", err)
	}
	if _, err := process.Call(car.PID, assignHall{Floor: call.Floor, Dir: call.Dir}); err != nil {
		return err
	}
	d.assigned[call.Floor] = car.Name
	return nil
}

// Display is the lobby display: it shows the latest ETA per floor.
type Display struct {
	gen.Server
	shown map[int]ETA
	log   []ETA
}

// NewDisplay returns the display behavior.
func NewDisplay() *Display {
	return &Display{shown: make(map[int]ETA)}
}

// HandleCall implements gen.ServerBehavior.
func (d *Display) HandleCall(process *gen.ServerProcess, from gen.ServerFrom, message etf.Term) (etf.Term, gen.ServerStatus) {
	switch m := message.(type) {
	case ETA:
		d.shown[m.Floor] = m
		d.log = append(d.log, m)
		return true, gen.ServerStatusOK
	}
	return lib.ErrUnsupportedRequest, gen.ServerStatusOK
}

// HandleDirect implements gen.ServerBehavior.
func (d *Display) HandleDirect(process *gen.ServerProcess, ref etf.Ref, message interface{}) (interface{}, gen.DirectStatus) {
	switch message.(type) {
	case etaRequest:
		out := make([]ETA, len(d.log))
		copy(out, d.log)
		return out, gen.DirectStatusOK
	}
	return nil, lib.ErrUnsupportedRequest
}
