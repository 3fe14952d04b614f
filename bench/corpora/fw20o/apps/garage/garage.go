// Package garage runs a multi-storey car park as a hollywood actor: bay
// allocation, reservations, tickets and payments.
package garage

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw20o/apps/garage/billing"
)

// Gauge holds the live counters shown on the lobby displays.
type Gauge struct {
	occupied     atomic.Int64
	entries      atomic.Int64
	exits        atomic.Int64
	revenueCents atomic.Int64
}

// GaugeReading is a point-in-time copy of a Gauge.
type GaugeReading struct {
	Occupied     int64
	Entries      int64
	Exits        int64
	RevenueCents int64
}

// Read returns the current counter values.
func (g *Gauge) Read() GaugeReading {
	return GaugeReading{
		Occupied:     g.occupied.Load(),
		Entries:      g.entries.Load(),
		Exits:        g.exits.Load(),
		RevenueCents: g.revenueCents.Load(),
	}
}

// Garage manages the bays and tickets of a car park.
type Garage struct {
	cfg     Config
	billing *actor.PID
	gauge   *Gauge

	spots    []*Spot
	byID     map[string]*Spot
	tickets  map[string]*Ticket
	inside   map[string]string
	holds    map[string]*time.Timer
	seq      int
	sweeper  *actor.SendRepeater
	overstay int
}

func newGarage(cfg Config, billingPID *actor.PID) *Garage {
	g := &Garage{
		cfg:     cfg,
		billing: billingPID,
		gauge:   &Gauge{},
		spots:   buildSpots(cfg.Levels),
		byID:    make(map[string]*Spot),
		tickets: make(map[string]*Ticket),
		inside:  make(map[string]string),
		holds:   make(map[string]*time.Timer),
	}
	for _, s := range g.spots {
		g.byID[s.ID] = s
	}
	return g
}

// Receive dispatches garage messages.
func (g *Garage) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		if g.cfg.SweepEvery > 0 {
			r := c.Engine().SendRepeat(c.PID(), sweepTick{}, g.cfg.SweepEvery)
			g.sweeper = &r
		}
	case actor.Stopped:
		if g.sweeper != nil {
			g.sweeper.Stop()
		}
		for id, t := range g.holds {
			t.Stop()
			delete(g.holds, id)
		}
	case Enter:
		r, err := g.enter(c, m)
		reply(c, r, err)
	case Pay:
		r, err := g.pay(c, m)
		reply(c, r, err)
	case Exit:
		r, err := g.exit(m)
		reply(c, r, err)
	case Reserve:
		r, err := g.reserve(m)
		reply(c, r, err)
	case Occupancy:
		c.Respond(g.occupancy())
	case TicketInfo:
		t, ok := g.tickets[m.TicketID]
		if !ok {
			c.Respond(ErrUnknownTicket)
			return
		}
		c.Respond(t.view())
	case billing.Quoted:
		g.onQuoted(c, m)
	case billing.Settled:
		g.onSettled(c, m)
	case chargerAssigned:
		if t, ok := g.tickets[m.ticketID]; ok && m.err == nil {
			t.ChargerPort = m.port
		}
	case graceExpired:
		g.onGraceExpired(c, m)
	case sweepTick:
		g.sweep()
	}
}

func reply[T any](c *actor.Context, v T, err error) {
	if err != nil {
		c.Respond(err)
		return
	}
	c.Respond(v)
}

func (g *Garage) nextTicketID() string {
	g.seq++
	return fmt.Sprintf("%s-%06d", strings.ToUpper(g.cfg.Name), g.seq)
}

func (g *Garage) enter(c *actor.Context, m Enter) (EnterResult, error) {
	plate := strings.ToUpper(strings.TrimSpace(m.Plate))
	if _, ok := g.inside[plate]; ok {
		return EnterResult{}, ErrAlreadyInside
	}
	s := g.reservedSpot(plate)
	if s == nil {
		s = g.findVacant(m.Size, m.EV)
	}
	if s == nil {
		return EnterResult{}, ErrFull
	}
	s.Plate = plate
	t := &Ticket{ID: g.nextTicketID(), Plate: plate, SpotID: s.ID, Entered: g.cfg.Clock()}
	g.tickets[t.ID] = t
	g.inside[plate] = t.ID
	g.gauge.entries.Add(1)
	g.gauge.occupied.Add(1)

	g.recognise(t)
	if s.EV {
		g.requestCharger(c, t, s)
	}
	return EnterResult{TicketID: t.ID, SpotID: s.ID}, nil
}

// reservedSpot claims a bay held for the plate, cancelling its hold timer.
func (g *Garage) reservedSpot(plate string) *Spot {
	for _, s := range g.spots {
		if s.heldFor(plate) {
			if t, ok := g.holds[s.ID]; ok {
				t.Stop()
				delete(g.holds, s.ID)
			}
			s.ReservedFor = ""
			return s
		}
	}
	return nil
}

// findVacant returns the smallest vacant bay that fits, preferring EV bays
// for electric vehicles and keeping them free for others.
func (g *Garage) findVacant(size SpotSize, ev bool) *Spot {
	var best *Spot
	for _, s := range g.spots {
		if !s.vacant() || !s.fits(size) {
			continue
		}
		if ev && s.EV {
			return s
		}
		if s.EV {
			continue
		}
		if best == nil || s.Size < best.Size {
			best = s
		}
	}
	return best
}

func (g *Garage) recognise(t *Ticket) {
	if g.cfg.Plates == nil {
		return
	}
	plate := t.Plate
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), g.cfg.LookupTimeout)
		defer cancel()
		class, err := g.cfg.Plates.Classify(ctx, plate)
		if err != nil {
			return
		}
		t.classify(class)
	}()
}

func (g *Garage) requestCharger(c *actor.Context, t *Ticket, s *Spot) {
	if g.cfg.Chargers == nil {
		return
	}
	eng, self := c.Engine(), c.PID()
	ticketID, spotID := t.ID, s.ID
	pool, timeout := g.cfg.Chargers, g.cfg.LookupTimeout
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		port, err := pool.Reserve(ctx, spotID)
		eng.Send(self, chargerAssigned{ticketID: ticketID, port: port, err: err})
	}()
}

func (g *Garage) pay(c *actor.Context, m Pay) (TicketView, error) {
	t, ok := g.tickets[m.TicketID]
	if !ok {
		return TicketView{}, ErrUnknownTicket
	}
	if t.paid() {
		return t.view(), nil
	}
	c.Send(g.billing, billing.Quote{
		TicketID: t.ID,
		Class:    t.Class.String(),
		Entered:  t.Entered,
		At:       g.cfg.Clock(),
		ReplyTo:  c.PID(),
	})
	return t.view(), nil
}

func (g *Garage) onQuoted(c *actor.Context, m billing.Quoted) {
	t, ok := g.tickets[m.TicketID]
	if !ok {
		return
	}
	t.payment = billing.NewPayment(t.ID, m.Cents)
	if t.paid() {
		g.markPaid(c, t)
		return
	}
	c.Send(g.billing, billing.Charge{Payment: t.payment, ReplyTo: c.PID()})
}

func (g *Garage) onSettled(c *actor.Context, m billing.Settled) {
	t, ok := g.tickets[m.TicketID]
	if !ok || !m.Approved {
		return
	}
	g.markPaid(c, t)
}

func (g *Garage) markPaid(c *actor.Context, t *Ticket) {
	t.PaidAt = g.cfg.Clock()
	t.Overstay = false
	g.gauge.revenueCents.Add(t.payment.Amount)
	g.armGrace(c, t.ID, g.cfg.ExitGrace)
}

// armGrace reminds the garage to check the ticket once the exit grace
// period may have run out.
func (g *Garage) armGrace(c *actor.Context, ticketID string, after time.Duration) {
	eng, self := c.Engine(), c.PID()
	time.AfterFunc(after, func() {
		eng.Send(self, graceExpired{ticketID: ticketID})
	})
}

func (g *Garage) onGraceExpired(c *actor.Context, m graceExpired) {
	t, ok := g.tickets[m.ticketID]
	if !ok || !t.paid() {
		return
	}
	if left := g.cfg.ExitGrace - g.cfg.Clock().Sub(t.PaidAt); left > 0 {
		g.armGrace(c, t.ID, left)
		return
	}
	t.payment = nil
	t.Overstay = true
}

func (g *Garage) exit(m Exit) (ExitResult, error) {
	t, ok := g.tickets[m.TicketID]
	if !ok {
		return ExitResult{}, ErrUnknownTicket
	}
	if !t.paid() {
		return ExitResult{}, ErrUnpaid
	}
	s := g.byID[t.SpotID]
	s.Plate = ""
	delete(g.inside, t.Plate)
	delete(g.tickets, t.ID)
	g.gauge.exits.Add(1)
	g.gauge.occupied.Add(-1)
	return ExitResult{SpotID: s.ID, AmountCents: t.payment.Amount}, nil
}

func (g *Garage) reserve(m Reserve) (ReserveResult, error) {
	plate := strings.ToUpper(strings.TrimSpace(m.Plate))
	s := g.findVacant(m.Size, false)
	if s == nil {
		return ReserveResult{}, ErrFull
	}
	s.ReservedFor = plate
	g.holds[s.ID] = time.AfterFunc(m.Hold, func() {
		g.dropReservation(s)
	})
	return ReserveResult{SpotID: s.ID}, nil
}

func (g *Garage) dropReservation(s *Spot) {
	s.releaseHold()
}

func (g *Garage) occupancy() OccupancyReport {
	r := OccupancyReport{Total: len(g.spots), PerLevel: make([]int, len(g.cfg.Levels))}
	for _, s := range g.spots {
		switch {
		case s.Plate != "":
			r.Occupied++
			r.PerLevel[s.Level]++
		case s.ReservedFor != "":
			r.Reserved++
		default:
			r.Vacant++
		}
	}
	return r
}

func (g *Garage) sweep() {
	now := g.cfg.Clock()
	g.overstay = 0
	for _, t := range g.tickets {
		if now.Sub(t.Entered) > g.cfg.MaxStay && !t.paid() {
			t.Overstay = true
			g.overstay++
		}
	}
}
