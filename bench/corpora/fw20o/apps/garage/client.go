package garage

import (
	"fmt"
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw20o/apps/garage/billing"
)

// Client talks to a running garage actor.
type Client struct {
	eng     *actor.Engine
	pid     *actor.PID
	billing *actor.PID
	gauge   *Gauge
	timeout time.Duration
}

// Start spawns the billing agent and the garage actor on the engine.
func Start(eng *actor.Engine, cfg Config) *Client {
	cfg = cfg.withDefaults()
	bpid := eng.Spawn(billing.NewAgent(cfg.Tariff, cfg.Gateway, cfg.LookupTimeout), "billing", actor.WithID(cfg.Name))
	g := newGarage(cfg, bpid)
	pid := eng.Spawn(func() actor.Receiver { return g }, "garage", actor.WithID(cfg.Name))
	return &Client{eng: eng, pid: pid, billing: bpid, gauge: g.gauge, timeout: 2 * time.Second}
}

// Stop shuts the garage and its billing agent down.
func (c *Client) Stop() {
	<-c.eng.Poison(c.pid).Done()
	<-c.eng.Poison(c.billing).Done()
}

// Gauge returns the live counters of the garage.
func (c *Client) Gauge() GaugeReading {
	return c.gauge.Read()
}

func ask[T any](c *Client, msg any) (T, error) {
	var zero T
	res, err := c.eng.Request(c.pid, msg, c.timeout).Result()
	if err != nil {
		return zero, err
	}
	if e, ok := res.(error); ok {
		return zero, e
	}
	v, ok := res.(T)
	if !ok {
		return zero, fmt.Errorf("garage: unexpected reply %T", res)
	}
	return v, nil
}

// Enter admits a vehicle and assigns a bay.
func (c *Client) Enter(plate string, size SpotSize, ev bool) (EnterResult, error) {
	return ask[EnterResult](c, Enter{Plate: plate, Size: size, EV: ev})
}

// Pay starts payment of a ticket; the returned view shows the state at the
// time the request was accepted.
func (c *Client) Pay(ticketID string) (TicketView, error) {
	return ask[TicketView](c, Pay{TicketID: ticketID})
}

// Exit lets a paid vehicle out.
func (c *Client) Exit(ticketID string) (ExitResult, error) {
	return ask[ExitResult](c, Exit{TicketID: ticketID})
}

// Reserve holds a bay for a plate.
func (c *Client) Reserve(plate string, size SpotSize, hold time.Duration) (ReserveResult, error) {
	return ask[ReserveResult](c, Reserve{Plate: plate, Size: size, Hold: hold})
}

// Occupancy returns the bay counts.
func (c *Client) Occupancy() (OccupancyReport, error) {
	return ask[OccupancyReport](c, Occupancy{})
}

// Ticket returns a ticket summary.
func (c *Client) Ticket(id string) (TicketView, error) {
	return ask[TicketView](c, TicketInfo{TicketID: id})
}
