package foodtruck

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw22q/internal/ledger"
	"example.com/corpus/trial-fw22q/internal/money"
)

// ErrNoSuchTicket is returned for unknown or closed tickets.
var ErrNoSuchTicket = errors.New("foodtruck: no such ticket")

// Queue is the actor that owns the rail of tickets.
type Queue struct {
	menu *Menu
	opts Options

	orders     map[int]*Order
	line       []*Order
	nextTicket int
	served     int
	tally      *ledger.Tally
	watchdogs  map[int]*time.Timer
	reminders  map[int]*time.Timer

	self   *actor.PID
	engine *actor.Engine
}

func newQueue(menu *Menu, opts Options) *Queue {
	return &Queue{
		menu:      menu,
		opts:      opts,
		orders:    make(map[int]*Order),
		tally:     ledger.NewTally(opts.Clock()),
		watchdogs: make(map[int]*time.Timer),
		reminders: make(map[int]*time.Timer),
	}
}

// Receive handles one message.
func (q *Queue) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case actor.Started:
		q.self = c.PID()
		q.engine = c.Engine()
	case actor.Stopped:
		q.stopAllTimers()
	case PlaceOrder:
		r, err := q.place(msg)
		c.Respond(placeResult{receipt: r, err: err})
	case StartCooking:
		q.logErr(q.startCooking(msg.Ticket))
	case MarkReady:
		q.logErr(q.markReady(msg.Ticket))
	case PickUp:
		q.logErr(q.pickUp(msg.Ticket))
	case Cancel:
		q.logErr(q.cancel(msg.Ticket, msg.Reason))
	case remindPickup:
		q.remind(msg.ticket)
	case boardQuery:
		c.Respond(q.boardView())
	case PrintXReport:
		q.printXReport()
	case CloseShift:
		c.Respond(q.closeShift())
	}
}

func (q *Queue) now() time.Time { return q.opts.Clock() }

func (q *Queue) logErr(err error) {
	if err != nil {
		slog.Warn("order queue", "err", err)
	}
}

func (q *Queue) place(msg PlaceOrder) (Receipt, error) {
	lines, err := q.menu.Quote(msg.Lines)
	if err != nil {
		return Receipt{}, err
	}
	if err := q.reserve(lines); err != nil {
		return Receipt{}, err
	}
	q.nextTicket++
	o := &Order{
		Ticket:   q.nextTicket,
		Customer: msg.Customer,
		Lines:    lines,
		Tip:      msg.Tip,
		Status:   Queued,
		PlacedAt: q.now(),
	}
	q.orders[o.Ticket] = o
	q.line = append(q.line, o)

	tax := o.Tax(q.opts.TaxBps)
	q.tally.Record(o.PlacedAt, tax, o.Tip, o.ledgerLines()...)

	sub := o.Subtotal()
	return Receipt{
		Ticket:   o.Ticket,
		Subtotal: sub,
		Tax:      tax,
		Tip:      o.Tip,
		Total:    money.Sum(sub, tax, o.Tip),
		Position: q.position(o.Ticket),
		ETA:      q.eta(o),
	}, nil
}

// reserve checks every line against the stock at once; all lookups finish
// before the order is accepted.
func (q *Queue) reserve(lines []LineItem) error {
	errs := make([]error, len(lines))
	var wg sync.WaitGroup
	for i, l := range lines {
		wg.Go(func() {
			if err := q.opts.Stock.Reserve(l.Item.Code, l.Qty); err != nil {
				errs[i] = fmt.Errorf("%s: %w", l.Item.Name, err)
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

func (q *Queue) position(ticket int) int {
	pos := 0
	for _, o := range q.line {
		if o.Status == Queued || o.Status == Cooking {
			pos++
		}
		if o.Ticket == ticket {
			return pos
		}
	}
	return 0
}

// eta assumes the kitchen works the queued tickets in order, one ticket per
// station at a time.
func (q *Queue) eta(o *Order) time.Duration {
	var ahead time.Duration
	for _, other := range q.line {
		if other.Ticket == o.Ticket {
			break
		}
		if other.Status == Queued || other.Status == Cooking {
			ahead += other.PrepEstimate(q.opts.Stations)
		}
	}
	stations := max(q.opts.Stations, 1)
	return ahead/time.Duration(stations) + o.PrepEstimate(q.opts.Stations)
}

func (q *Queue) lookup(ticket int) (*Order, error) {
	o, ok := q.orders[ticket]
	if !ok {
		return nil, fmt.Errorf("%w: #%d", ErrNoSuchTicket, ticket)
	}
	return o, nil
}

func (q *Queue) startCooking(ticket int) error {
	o, err := q.lookup(ticket)
	if err != nil {
		return err
	}
	if o.Status != Queued {
		return fmt.Errorf("foodtruck: ticket #%d is %s", ticket, o.Status)
	}
	o.Status = Cooking
	o.StartedAt = q.now()
	q.watch(o)
	return nil
}

func (q *Queue) markReady(ticket int) error {
	o, err := q.lookup(ticket)
	if err != nil {
		return err
	}
	if o.Status != Cooking && o.Status != Queued {
		return fmt.Errorf("foodtruck: ticket #%d is %s", ticket, o.Status)
	}
	q.unwatch(ticket)
	o.Status = Ready
	o.ReadyAt = q.now()
	if o.Late {
		o.Comped = o.Subtotal().Percent(q.opts.LateCompBps)
		q.tally.Refund(o.Comped)
	}
	q.opts.Notifier.Notify(Notice{
		Kind:     NoticeReady,
		Ticket:   o.Ticket,
		Customer: o.Customer,
		Text:     fmt.Sprintf("#%d is ready at the window", o.Ticket),
	})
	q.armReminder(o)
	return nil
}

func (q *Queue) pickUp(ticket int) error {
	o, err := q.lookup(ticket)
	if err != nil {
		return err
	}
	if o.Status != Ready {
		return fmt.Errorf("foodtruck: ticket #%d is %s", ticket, o.Status)
	}
	o.Status = PickedUp
	q.disarmReminder(ticket)
	q.retire(ticket)
	q.served++
	return nil
}

func (q *Queue) cancel(ticket int, reason string) error {
	o, err := q.lookup(ticket)
	if err != nil {
		return err
	}
	if o.Status == PickedUp || o.Status == Cancelled {
		return fmt.Errorf("foodtruck: ticket #%d is %s", ticket, o.Status)
	}
	o.Status = Cancelled
	q.unwatch(ticket)
	q.disarmReminder(ticket)
	q.tally.Refund(money.Sum(o.Subtotal(), o.Tax(q.opts.TaxBps), o.Tip))
	q.retire(ticket)
	q.opts.Notifier.Notify(Notice{Kind: NoticeCancelled, Ticket: ticket, Customer: o.Customer, Text: reason})
	return nil
}

func (q *Queue) retire(ticket int) {
	q.line = slices.DeleteFunc(q.line, func(o *Order) bool { return o.Ticket == ticket })
	delete(q.orders, ticket)
}

// Backlog is the number of tickets on the rail.
func (q *Queue) Backlog() int {
	return len(q.line) // RACY
}

func (q *Queue) boardView() BoardView {
	now := q.now()
	v := BoardView{Served: q.served}
	for _, o := range q.line {
		tv := o.view(now)
		switch o.Status {
		case Queued:
			v.Queued = append(v.Queued, tv)
		case Cooking:
			v.Cooking = append(v.Cooking, tv)
		case Ready:
			v.Ready = append(v.Ready, tv)
		}
	}
	return v
}

func (q *Queue) printXReport() {
	go func() {
		rep := q.tally.Snapshot()
		rep.Kind = "X"
		if err := q.opts.Printer.Print(rep); err != nil {
			slog.Error("x report", "err", err)
		}
	}()
}

func (q *Queue) closeShift() ledger.Report {
	rep := q.tally.Snapshot()
	rep.Kind = "Z"
	q.tally = ledger.NewTally(q.now())
	q.served = 0
	printer := q.opts.Printer
	go func() {
		if err := printer.Print(rep); err != nil {
			slog.Error("z report", "err", err)
		}
	}()
	return rep
}
