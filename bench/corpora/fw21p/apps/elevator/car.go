package elevator

import (
	"fmt"
	"time"

	"github.com/ergo-services/ergo/etf"
	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/lib"

	"example.com/corpus/trial-fw21p/internal/lift"
)

// CarConfig configures one car.
type CarConfig struct {
	Name        string
	Bounds      lift.Bounds
	StartFloor  int
	FloorTime   time.Duration // travel time per floor
	DoorDwell   time.Duration // how long doors stay open
	MaxDoorOpen time.Duration // raise an alarm when held open longer
	Alarms      AlarmSink
}

func (c CarConfig) withDefaults() CarConfig {
	if c.FloorTime == 0 {
		c.FloorTime = 1500 * time.Millisecond
	}
	if c.DoorDwell == 0 {
		c.DoorDwell = 3 * time.Second
	}
	if c.MaxDoorOpen == 0 {
		c.MaxDoorOpen = time.Minute
	}
	if c.Alarms == nil {
		c.Alarms = discardAlarms{}
	}
	return c
}

type discardAlarms struct{}

func (discardAlarms) Raise(Alarm) error { return nil }

// Car is the gen.Server behind one elevator car.
type Car struct {
	gen.Server
	cfg CarConfig

	floor       int
	dir         lift.Direction
	door        DoorState
	moving      bool
	holding     bool
	openedAt    time.Time
	stops       *lift.StopSet
	trips       int
	doorAlarm   *time.Timer
	cancelDwell gen.CancelFunc
	halt        chan struct{}
}

// NewCar returns the behavior for a car.
func NewCar(cfg CarConfig) *Car {
	return &Car{cfg: cfg.withDefaults()}
}

// Init implements gen.ServerBehavior.
func (c *Car) Init(process *gen.ServerProcess, args ...etf.Term) error {
	if err := c.cfg.Bounds.Validate(c.cfg.StartFloor); err != nil {
		return err
	}
	c.floor = c.cfg.StartFloor
	c.stops = lift.NewStopSet()
	c.halt = make(chan struct{})
	return nil
}

// HandleInfo implements gen.ServerBehavior.
func (c *Car) HandleInfo(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	switch m := message.(type) {
	case CabCall:
		if err := c.cfg.Bounds.Validate(m.Floor); err != nil {
			lib.Warning("car %s: %v", c.cfg.Name, err)
			return gen.ServerStatusOK
		}
		c.request(process, m.Floor)
	case HoldDoor:
		if c.door == DoorOpen {
			c.holding = true
		}
	case ReleaseDoor:
		c.holding = false
		if c.door == DoorOpen {
			c.closeDoor(process)
		}
	case dwellElapsed:
		c.cancelDwell = nil
		if c.holding {
			c.cancelDwell = process.SendAfter(process.Self(), dwellElapsed{}, c.cfg.DoorDwell)
			return gen.ServerStatusOK
		}
		if c.door == DoorOpen {
			c.closeDoor(process)
		}
	case arrived:
		c.arrive(process, m.Floor)
	}
	return gen.ServerStatusOK
}

// HandleCall implements gen.ServerBehavior.
func (c *Car) HandleCall(process *gen.ServerProcess, from gen.ServerFrom, message etf.Term) (etf.Term, gen.ServerStatus) {
	switch m := message.(type) {
	case statusRequest:
		return c.status(), gen.ServerStatusOK
	case describeRequest:
		return CarInfo{Name: c.cfg.Name, PID: process.Self(), Bounds: c.cfg.Bounds, Stops: c.stops}, gen.ServerStatusOK
	case assignHall:
		if err := c.cfg.Bounds.Validate(m.Floor); err != nil {
			return err, gen.ServerStatusOK
		}
		c.request(process, m.Floor)
		return true, gen.ServerStatusOK
	}
	return lib.ErrUnsupportedRequest, gen.ServerStatusOK
}

// HandleDirect implements gen.ServerBehavior.
func (c *Car) HandleDirect(process *gen.ServerProcess, ref etf.Ref, message interface{}) (interface{}, gen.DirectStatus) {
	switch message.(type) {
	case statusRequest:
		return c.status(), gen.DirectStatusOK
	}
	return nil, lib.ErrUnsupportedRequest
}

// Terminate implements gen.ServerBehavior.
func (c *Car) Terminate(process *gen.ServerProcess, reason string) {
	close(c.halt)
	if c.doorAlarm != nil {
		c.doorAlarm.Stop()
	}
	if c.cancelDwell != nil {
		c.cancelDwell()
	}
}

func (c *Car) status() Status {
	return Status{
		Car:    c.cfg.Name,
		Floor:  c.floor,
		Dir:    c.dir,
		Door:   c.door,
		Moving: c.moving,
		Stops:  c.stops.Sorted(),
		Trips:  c.trips,
	}
}

// request queues a stop and gets the car going if it is idle.
func (c *Car) request(process *gen.ServerProcess, floor int) {
	if floor == c.floor && !c.moving {
		if c.door == DoorClosed {
			c.openDoor(process)
		}
		return
	}
	c.stops.Add(floor)
	if !c.moving && c.door == DoorClosed {
		c.startTrip(process)
	}
}

func (c *Car) startTrip(process *gen.ServerProcess) {
	next, ok := c.stops.Next(c.floor, c.dir)
	if !ok {
		c.dir = lift.Idle
		return
	}
	c.dir = lift.Toward(c.floor, next)
	c.moving = true
	c.trips++
	go c.drive(process, c.floor, next, c.cfg.FloorTime)
}

// drive moves the car floor by floor and reports the arrival to the car's
// process.
func (c *Car) drive(p gen.Process, from, to int, step time.Duration) {
	dir := 1
	if to < from {
		dir = -1
	}
	for f := from; f != to; {
		time.Sleep(step)
		select {
		case <-c.halt:
			return
		default:
		}
		f += dir
		c.floor = f // RACY
	}
	if err := p.Send(p.Self(), arrived{Floor: to}); err != nil {
		lib.Warning("car %s: arrival at %d lost: %v", c.cfg.Name, to, err)
	}
}

func (c *Car) arrive(process *gen.ServerProcess, floor int) {
	c.moving = false
	c.floor = floor
	c.stops.Remove(floor)
	c.openDoor(process)
}

func (c *Car) openDoor(process *gen.ServerProcess) {
	c.door = DoorOpen
	c.openedAt = time.Now()
	c.cancelDwell = process.SendAfter(process.Self(), dwellElapsed{}, c.cfg.DoorDwell)
	c.doorAlarm = time.AfterFunc(c.cfg.MaxDoorOpen, c.checkDoorHeld)
}

func (c *Car) closeDoor(process *gen.ServerProcess) {
	c.door = DoorClosed
	c.holding = false
	if c.cancelDwell != nil {
		c.cancelDwell()
		c.cancelDwell = nil
	}
	if c.doorAlarm != nil {
		c.doorAlarm.Stop()
		c.doorAlarm = nil
	}
	if c.stops.Len() > 0 {
		c.startTrip(process)
		return
	}
	c.dir = lift.Idle
}

// checkDoorHeld runs when the doors have been open for MaxDoorOpen.
func (c *Car) checkDoorHeld() {
	a := c.heldDoorAlarm()
	if a.Door != DoorOpen {
		return
	}
	if err := c.cfg.Alarms.Raise(a); err != nil {
		lib.Warning("car %s: alarm not delivered: %v", c.cfg.Name, err)
	}
}

func (c *Car) heldDoorAlarm() Alarm {
	return Alarm{Car: c.cfg.Name, Floor: c.floor, Door: c.door, OpenSince: c.openedAt} // RACY
}

func (c *Car) String() string {
	return fmt.Sprintf("car %s", c.cfg.Name)
}
