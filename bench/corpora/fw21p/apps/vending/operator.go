package vending

import (
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"example.com/corpus/trial-fw21p/internal/inventory"
)

// Config configures an Operator.
type Config struct {
	Acquirer  Acquirer
	Planner   actor.Actor // replaces the default planner
	Threshold int         // slots at or below this count need restocking
	Logger    *slog.Logger
	Timeout   time.Duration
}

// Operator owns the actor system of one vending fleet.
type Operator struct {
	system   *actor.ActorSystem
	payments *actor.PID
	fleet    *actor.PID
	machines map[string]*actor.PID
	metrics  *Metrics
	timeout  time.Duration
}

// ErrUnknownMachine is returned for machine IDs that were never added.
var ErrUnknownMachine = errors.New("vending: unknown machine")

// NewOperator starts the actor system with the payments and fleet actors.
func NewOperator(cfg Config) (*Operator, error) {
	if cfg.Acquirer == nil {
		return nil, errors.New("vending: no acquirer configured")
	}
	var opts []actor.ConfigOption
	if cfg.Logger != nil {
		logger := cfg.Logger
		opts = append(opts, actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger { return logger }))
	}
	system := actor.NewActorSystem(opts...)
	o := &Operator{
		system:   system,
		machines: make(map[string]*actor.PID),
		metrics:  &Metrics{},
		timeout:  cfg.Timeout,
	}
	if o.timeout == 0 {
		o.timeout = 5 * time.Second
	}
	o.payments = system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return NewPayments(cfg.Acquirer) }))
	planner := cfg.Planner
	if planner == nil {
		planner = &Planner{}
	}
	plannerPID := system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return planner }))
	threshold := cfg.Threshold
	o.fleet = system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return newFleet(plannerPID, threshold) }))
	return o, nil
}

// AddMachine spawns a machine and registers it with the fleet.
func (o *Operator) AddMachine(cfg MachineConfig) error {
	if _, dup := o.machines[cfg.ID]; dup {
		return fmt.Errorf("vending: machine %s already added", cfg.ID)
	}
	cfg.Payments = o.payments
	cfg.Metrics = o.metrics
	m, err := newMachine(cfg)
	if err != nil {
		return err
	}
	pid, err := o.system.Root.SpawnNamed(actor.PropsFromProducer(func() actor.Actor { return m }), "machine-"+cfg.ID)
	if err != nil {
		return err
	}
	o.machines[cfg.ID] = pid
	_, err = o.system.Root.RequestFuture(o.fleet, Register{ID: cfg.ID, PID: pid}, o.timeout).Result()
	return err
}

// Ask sends a request to a machine and waits for the answer.
func (o *Operator) Ask(machine string, req any) (any, error) {
	pid, ok := o.machines[machine]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownMachine, machine)
	}
	return o.system.Root.RequestFuture(pid, req, o.timeout).Result()
}

// Tell sends a message to a machine without waiting.
func (o *Operator) Tell(machine string, msg any) error {
	pid, ok := o.machines[machine]
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknownMachine, machine)
	}
	o.system.Root.Send(pid, msg)
	return nil
}

// Status returns a machine's status.
func (o *Operator) Status(machine string) (MachineStatus, error) {
	v, err := o.Ask(machine, StatusRequest{})
	if err != nil {
		return MachineStatus{}, err
	}
	return v.(MachineStatus), nil
}

// Fleet sends a request to the fleet actor and waits for the answer.
func (o *Operator) Fleet(req any) (any, error) {
	return o.system.Root.RequestFuture(o.fleet, req, o.timeout).Result()
}

// Metrics returns the fleet-wide counters.
func (o *Operator) Metrics() *Metrics { return o.metrics }

// Shutdown stops all actors.
func (o *Operator) Shutdown() {
	for _, pid := range o.machines {
		_ = o.system.Root.StopFuture(pid).Wait()
	}
	_ = o.system.Root.StopFuture(o.fleet).Wait()
	o.system.Shutdown()
}

// Planogram is the default slot layout of a machine.
func Planogram() []inventory.Slot {
	return []inventory.Slot{
		{Code: "A1", Product: "Still water", Price: 150, Count: 8, Capacity: 8},
		{Code: "A2", Product: "Sparkling water", Price: 160, Count: 8, Capacity: 8},
		{Code: "B1", Product: "Cola", Price: 220, Count: 6, Capacity: 6},
		{Code: "B2", Product: "Iced tea", Price: 230, Count: 6, Capacity: 6},
		{Code: "C1", Product: "Crisps", Price: 180, Count: 10, Capacity: 10},
		{Code: "C2", Product: "Chocolate bar", Price: 200, Count: 10, Capacity: 10},
	}
}
