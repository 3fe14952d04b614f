package pharmacy

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"example.com/corpus/trial-fw24s/internal/audit"
)

// Notifier delivers patient messages (SMS, app push...).
type Notifier interface {
	Notify(patient, text string)
}

// Printer prints bag labels.
type Printer interface {
	Print(label string)
}

type nopNotifier struct{}

func (nopNotifier) Notify(string, string) {}

type nopPrinter struct{}

func (nopPrinter) Print(string) {}

// Option configures a Counter.
type Option func(*Counter)

// WithNotifier sets the patient notifier.
func WithNotifier(n Notifier) Option { return func(c *Counter) { c.notifier = n } }

// WithPrinter sets the label printer.
func WithPrinter(p Printer) Option { return func(c *Counter) { c.printer = p } }

// WithReminderDelay sets how long after a fill the pickup reminder goes out.
func WithReminderDelay(d time.Duration) Option { return func(c *Counter) { c.reminderDelay = d } }

// WithReorderDelay sets how long after a fill the reorder list is reviewed.
func WithReorderDelay(d time.Duration) Option { return func(c *Counter) { c.reorderDelay = d } }

// WithClaimTimeout bounds insurer round trips.
func WithClaimTimeout(d time.Duration) Option { return func(c *Counter) { c.claimTimeout = d } }

// Counter is the refill counter actor. It owns the prescriptions, the
// waiting and ready queues and the inventory.
type Counter struct {
	insurer       *actor.PID
	inventory     *Inventory
	rxs           map[string]*Prescription
	waiting       []string
	ready         []string
	filled        int
	reorders      []map[string]int
	trail         *audit.Trail
	served        *atomic.Int64
	notifier      Notifier
	printer       Printer
	reminderDelay time.Duration
	reorderDelay  time.Duration
	claimTimeout  time.Duration
	system        *actor.ActorSystem
	self          *actor.PID
}

// NewCounter builds a counter actor bound to an insurer.
func NewCounter(insurer *actor.PID, inv *Inventory, trail *audit.Trail, served *atomic.Int64, opts ...Option) *Counter {
	c := &Counter{
		insurer:       insurer,
		inventory:     inv,
		rxs:           make(map[string]*Prescription),
		trail:         trail,
		served:        served,
		notifier:      nopNotifier{},
		printer:       nopPrinter{},
		reminderDelay: 48 * time.Hour,
		reorderDelay:  time.Hour,
		claimTimeout:  2 * time.Second,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Receive implements actor.Actor.
func (c *Counter) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		c.system = ctx.ActorSystem()
		c.self = ctx.Self()
	case *Enroll:
		ctx.Respond(&Ack{RxID: m.Rx.ID, Err: c.enroll(m.Rx)})
	case *RequestRefill:
		c.requestRefill(ctx, m.RxID)
	case *RequestPriorAuth:
		c.requestPriorAuth(ctx, m.RxID)
	case *CompleteFill:
		err := c.completeFill(m.RxID)
		if ctx.Sender() != nil {
			ctx.Respond(&Ack{RxID: m.RxID, Err: err})
		}
	case *PickUp:
		if rx, ok := c.rxs[m.RxID]; ok {
			rx.PickedUp = true
			c.ready = removeID(c.ready, m.RxID)
			c.trail.Record("counter", "pickup", rx.ID)
		}
	case *Restock:
		c.inventory.Receive(m.NDC, m.Qty)
	case *Status:
		ctx.Respond(c.status(m.RxID))
	case *Stats:
		ctx.Respond(c.stats())
	case *AuditTail:
		ctx.Respond(&AuditTailReply{Entries: c.trail.Recent(m.N)})
	case reorderCheck:
		if list := c.inventory.ReorderList(); len(list) > 0 {
			c.reorders = append(c.reorders, list)
		}
	}
}

func (c *Counter) enroll(rx Prescription) error {
	if err := rx.Validate(); err != nil {
		return err
	}
	p := rx
	c.rxs[rx.ID] = &p
	c.trail.Record("counter", "enroll", rx.ID+" "+rx.Drug)
	return nil
}

func (c *Counter) lookup(id string) (*Prescription, error) {
	rx, ok := c.rxs[id]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownRx, id)
	}
	return rx, nil
}

// requestRefill validates the refill, reserves stock and adjudicates the
// claim; the adjudication continues on the actor once the insurer answers.
func (c *Counter) requestRefill(ctx actor.Context, id string) {
	rx, err := c.lookup(id)
	if err == nil {
		err = rx.CheckRefill(time.Now())
	}
	if err == nil {
		err = c.inventory.Reserve(rx.NDC, rx.Quantity)
	}
	if err != nil {
		ctx.Respond(&Ack{RxID: id, Err: err})
		return
	}
	c.waiting = append(c.waiting, id)
	rx.ClaimStatus = "submitted"
	claim := &Claim{RxID: id, Member: rx.Patient, NDC: rx.NDC, Quantity: rx.Quantity}
	f := ctx.RequestFuture(c.insurer, claim, c.claimTimeout)
	sender := ctx.Sender()
	ctx.ReenterAfter(f, func(res interface{}, err error) {
		c.applyAdjudication(rx, res, err)
		if sender != nil {
			ctx.Send(sender, &Ack{RxID: id})
		}
	})
}

func (c *Counter) applyAdjudication(rx *Prescription, res interface{}, err error) {
	adj, ok := res.(*Adjudication)
	switch {
	case err != nil:
		rx.ClaimStatus = "timeout"
	case !ok || !adj.Paid:
		rx.ClaimStatus = "rejected"
		c.inventory.Release(rx.NDC, rx.Quantity)
		c.waiting = removeID(c.waiting, rx.ID)
	default:
		rx.ClaimStatus = "paid"
		rx.Copay = adj.Copay
	}
	c.trail.Record("insurer", "adjudicate", rx.ID+" "+rx.ClaimStatus)
}

// requestPriorAuth asks the insurer for authorisation of a controlled drug.
func (c *Counter) requestPriorAuth(ctx actor.Context, id string) {
	rx, err := c.lookup(id)
	if err != nil {
		ctx.Respond(&Ack{RxID: id, Err: err})
		return
	}
	rx.ClaimStatus = "auth-pending"
	f := ctx.RequestFuture(c.insurer, &PriorAuth{RxID: id, Member: rx.Patient, Schedule: rx.Schedule}, c.claimTimeout)
	go c.awaitPriorAuth(f, rx)
	ctx.Respond(&Ack{RxID: id})
}

func (c *Counter) awaitPriorAuth(f *actor.Future, rx *Prescription) {
	res, err := f.Result()
	if err != nil {
		return
	}
	if d, ok := res.(*AuthDecision); ok {
		c.applyPriorAuth(rx, d)
	}
}

func (c *Counter) applyPriorAuth(rx *Prescription, d *AuthDecision) {
	rx.ClaimStatus = "auth:" + d.Decision // RACY
}

// completeFill dispenses a paid refill and prints its label.
func (c *Counter) completeFill(id string) error {
	rx, err := c.lookup(id)
	if err != nil {
		return err
	}
	c.inventory.Commit(rx.NDC, rx.Quantity)
	rx.dispense(time.Now())
	c.filled++
	c.served.Add(1)
	c.waiting = removeID(c.waiting, id)
	c.ready = append(c.ready, id)
	c.trail.Record("counter", "fill", fmt.Sprintf("%s qty=%d", id, rx.Quantity))

	label := rx.Label()
	go c.printer.Print(label)

	c.schedulePickupReminder(rx)
	c.scheduleReorderCheck()
	return nil
}

func (c *Counter) status(id string) *StatusReply {
	rx, err := c.lookup(id)
	if err != nil {
		return &StatusReply{Err: err}
	}
	return &StatusReply{Rx: *rx}
}

func (c *Counter) stats() *StatsReply {
	r := &StatsReply{Waiting: len(c.waiting), Ready: len(c.ready), Filled: c.filled}
	if n := len(c.reorders); n > 0 {
		r.Reorders = c.reorders[n-1]
	}
	for _, rx := range c.rxs {
		r.Reminders += rx.RemindersSent
	}
	return r
}

func removeID(ids []string, id string) []string {
	for i, v := range ids {
		if v == id {
			return append(ids[:i], ids[i+1:]...)
		}
	}
	return ids
}
