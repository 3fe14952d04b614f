package elevator

import (
	"errors"
	"fmt"
	"sort"

	"github.com/ergo-services/ergo"
	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/node"

	"example.com/corpus/trial-fw21p/internal/lift"
)

// DisplayName is the registered name of the lobby display process.
const DisplayName = "lobby_display"

// Config describes a building.
type Config struct {
	Cars []CarConfig
	// Display replaces the default lobby display behavior.
	Display gen.ServerBehavior
}

// Building runs the processes of one elevator bank on an Ergo node.
type Building struct {
	node       node.Node
	cars       map[string]gen.Process
	dispatcher gen.Process
	display    gen.Process
}

// ErrUnknownCar is returned for car names that are not configured.
var ErrUnknownCar = errors.New("elevator: unknown car")

// Open starts a node called name and spawns the configured processes.
func Open(name string, cfg Config) (*Building, error) {
	if len(cfg.Cars) == 0 {
		return nil, errors.New("elevator: no cars configured")
	}
	n, err := ergo.StartNode(name, "elevator", node.Options{
		StaticRoutesOnly: true,
		System:           node.System{DisableAnonMetrics: true},
	})
	if err != nil {
		return nil, err
	}
	b := &Building{node: n, cars: make(map[string]gen.Process)}
	if err := b.spawn(cfg); err != nil {
		n.Stop()
		return nil, err
	}
	return b, nil
}

func (b *Building) spawn(cfg Config) error {
	display := cfg.Display
	if display == nil {
		display = NewDisplay()
	}
	p, err := b.node.Spawn(DisplayName, gen.ProcessOptions{}, display)
	if err != nil {
		return fmt.Errorf("display: %w", err)
	}
	b.display = p
	b.dispatcher, err = b.node.Spawn("dispatcher", gen.ProcessOptions{}, NewDispatcher(DisplayName))
	if err != nil {
		return fmt.Errorf("dispatcher: %w", err)
	}
	for _, cc := range cfg.Cars {
		if _, dup := b.cars[cc.Name]; dup {
			return fmt.Errorf("duplicate car %q", cc.Name)
		}
		p, err := b.node.Spawn("car_"+cc.Name, gen.ProcessOptions{}, NewCar(cc))
		if err != nil {
			return fmt.Errorf("car %s: %w", cc.Name, err)
		}
		b.cars[cc.Name] = p
		if _, err := b.dispatcher.Direct(registerCar{PID: p.Self()}); err != nil {
			return fmt.Errorf("register %s: %w", cc.Name, err)
		}
	}
	return nil
}

// Close stops the node.
func (b *Building) Close() {
	b.node.Stop()
	b.node.Wait()
}

// Cars returns the configured car names.
func (b *Building) Cars() []string {
	names := make([]string, 0, len(b.cars))
	for n := range b.cars {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (b *Building) car(name string) (gen.Process, error) {
	p, ok := b.cars[name]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownCar, name)
	}
	return p, nil
}

// Press sends a button event (CabCall, HoldDoor, ReleaseDoor) to a car.
func (b *Building) Press(car string, msg any) error {
	p, err := b.car(car)
	if err != nil {
		return err
	}
	return p.Send(p.Self(), msg)
}

// HallCall reports a lobby button press to the dispatcher.
func (b *Building) HallCall(floor int, dir lift.Direction) error {
	return b.dispatcher.Send(b.dispatcher.Self(), HallCall{Floor: floor, Dir: dir})
}

// Status returns a snapshot of a car.
func (b *Building) Status(car string) (Status, error) {
	p, err := b.car(car)
	if err != nil {
		return Status{}, err
	}
	v, err := p.Direct(statusRequest{})
	if err != nil {
		return Status{}, err
	}
	return v.(Status), nil
}

// Assignments returns which car serves which hall call floor.
func (b *Building) Assignments() (map[int]string, error) {
	v, err := b.dispatcher.Direct(etaRequest{})
	if err != nil {
		return nil, err
	}
	return v.(map[int]string), nil
}

// Announcements returns what the lobby display has shown.
func (b *Building) Announcements() ([]ETA, error) {
	v, err := b.display.Direct(etaRequest{})
	if err != nil {
		return nil, err
	}
	return v.([]ETA), nil
}
