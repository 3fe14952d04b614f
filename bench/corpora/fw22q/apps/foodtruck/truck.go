package foodtruck

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw22q/internal/ledger"
	"example.com/corpus/trial-fw22q/internal/money"
)

// Truck wires the order queue actor to the outside world: the register at
// the hatch, the kitchen display and the status board.
type Truck struct {
	engine *actor.Engine
	pid    *actor.PID
	queue  *Queue
	opts   Options
}

// Open starts the truck's actor system.
func Open(menu *Menu, options ...Option) (*Truck, error) {
	if menu == nil {
		return nil, errors.New("foodtruck: nil menu")
	}
	opts := defaultOptions()
	for _, o := range options {
		o(&opts)
	}
	engine, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		return nil, fmt.Errorf("foodtruck: start engine: %w", err)
	}
	q := newQueue(menu, opts)
	pid := engine.Spawn(func() actor.Receiver { return q }, "orders", actor.WithID("queue"))
	return &Truck{engine: engine, pid: pid, queue: q, opts: opts}, nil
}

// Close stops the queue and waits for it to finish.
func (t *Truck) Close() {
	<-t.engine.Poison(t.pid).Done()
}

func (t *Truck) request(msg any) (any, error) {
	res, err := t.engine.Request(t.pid, msg, t.opts.RequestTimeout).Result()
	if err != nil {
		return nil, fmt.Errorf("foodtruck: %T: %w", msg, err)
	}
	return res, nil
}

// Place rings up an order at the hatch.
func (t *Truck) Place(customer string, tip money.Cents, lines ...LineRequest) (Receipt, error) {
	if tip < 0 {
		return Receipt{}, fmt.Errorf("foodtruck: negative tip %s", tip)
	}
	res, err := t.request(PlaceOrder{Customer: customer, Lines: lines, Tip: tip})
	if err != nil {
		return Receipt{}, err
	}
	pr := res.(placeResult)
	return pr.receipt, pr.err
}

// Start, Ready, PickUp and Cancel are the buttons on the kitchen display.
func (t *Truck) Start(ticket int)  { t.engine.Send(t.pid, StartCooking{Ticket: ticket}) }
func (t *Truck) Ready(ticket int)  { t.engine.Send(t.pid, MarkReady{Ticket: ticket}) }
func (t *Truck) PickUp(ticket int) { t.engine.Send(t.pid, PickUp{Ticket: ticket}) }

// Cancel voids a ticket.
func (t *Truck) Cancel(ticket int, reason string) {
	t.engine.Send(t.pid, Cancel{Ticket: ticket, Reason: reason})
}

// PrintX prints a mid-shift report.
func (t *Truck) PrintX() { t.engine.Send(t.pid, PrintXReport{}) }

// CloseShift prints the Z report and resets the totals.
func (t *Truck) CloseShift() (ledger.Report, error) {
	res, err := t.request(CloseShift{})
	if err != nil {
		return ledger.Report{}, err
	}
	return res.(ledger.Report), nil
}

// Board returns what the status board should show.
func (t *Truck) Board(ctx context.Context) (BoardView, error) {
	timeout := t.opts.RequestTimeout
	if dl, ok := ctx.Deadline(); ok {
		timeout = min(timeout, time.Until(dl))
	}
	res, err := t.engine.Request(t.pid, boardQuery{}, timeout).Result()
	if err != nil {
		return BoardView{}, fmt.Errorf("foodtruck: board: %w", err)
	}
	return res.(BoardView), nil
}

// Handler serves the status board over HTTP.
func (t *Truck) Handler() http.Handler {
	return newBoardHandler(t)
}
