package vending

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/scheduler"

	"example.com/corpus/trial-fw21p/internal/inventory"
)

// MachineConfig configures a machine actor.
type MachineConfig struct {
	ID           string
	Planogram    []inventory.Slot
	Payments     *actor.PID
	Printer      ReceiptPrinter
	Notifier     StatusNotifier
	Lockout      time.Duration // how long a jam keeps the machine offline
	RestockEvery time.Duration // 0 disables scheduled restocking
	PayTimeout   time.Duration
	Metrics      *Metrics
}

// Metrics are fleet-wide counters, safe to read from any goroutine.
type Metrics struct {
	Vends    atomic.Int64
	Declined atomic.Int64
	Jams     atomic.Int64
}

// Machine is the actor owning one vending machine.
type Machine struct {
	cfg     MachineConfig
	self    *actor.PID
	system  *actor.ActorSystem
	slots   map[string]*inventory.Slot
	status  Status
	credit  int
	cash    int
	card    int
	mobile  int
	sales   []Sale
	refills int
	lockout *time.Timer
	restock scheduler.CancelFunc
}

func newMachine(cfg MachineConfig) (*Machine, error) {
	slots, err := inventory.Load(cfg.Planogram)
	if err != nil {
		return nil, err
	}
	if cfg.Lockout == 0 {
		cfg.Lockout = 15 * time.Minute
	}
	if cfg.PayTimeout == 0 {
		cfg.PayTimeout = 10 * time.Second
	}
	if cfg.Metrics == nil {
		cfg.Metrics = &Metrics{}
	}
	return &Machine{cfg: cfg, slots: slots}, nil
}

// Receive implements actor.Actor.
func (m *Machine) Receive(ctx actor.Context) {
	switch msg := ctx.Message().(type) {
	case *actor.Started:
		m.self = ctx.Self()
		m.system = ctx.ActorSystem()
		if m.cfg.RestockEvery > 0 {
			m.restock = scheduler.NewTimerScheduler(ctx).SendRepeatedly(m.cfg.RestockEvery, m.cfg.RestockEvery, ctx.Self(), restockDue{})
		}
	case *actor.Stopping:
		if m.restock != nil {
			m.restock()
		}
		if m.lockout != nil {
			m.lockout.Stop()
		}
	case InsertCoin:
		if msg.Cents > 0 {
			m.credit += msg.Cents
		}
		reply(ctx, m.credit)
	case SelectItem:
		reply(ctx, m.vendCash(msg.Code))
	case CardVend:
		reply(ctx, m.vendCard(ctx, msg))
	case MobileVend:
		reply(ctx, m.vendMobile(ctx, msg))
	case releaseReservation:
		inventory.Return(m.slots, msg.Code)
	case ReportJam:
		reply(ctx, m.jam(msg.Code))
	case Restock, restockDue:
		m.refills++
		reply(ctx, inventory.Refill(m.slots))
	case StatusRequest:
		reply(ctx, m.snapshot())
	case telemetryRequest:
		reply(ctx, Telemetry{Machine: m.cfg.ID, Status: m.status, Cash: m.cash, Slots: m.slots})
	}
}

// reply answers requests; plain sends get no answer.
func reply(ctx actor.Context, v any) {
	if ctx.Sender() != nil {
		ctx.Respond(v)
	}
}

func (m *Machine) available(code string) (*inventory.Slot, string) {
	if m.status != Online {
		return nil, "out of service"
	}
	s, err := inventory.Take(m.slots, code)
	if err != nil {
		if errors.Is(err, inventory.ErrSoldOut) {
			return nil, "sold out"
		}
		return nil, "unknown selection"
	}
	return s, ""
}

func (m *Machine) vendCash(code string) VendResult {
	s, reason := m.available(code)
	if s == nil {
		return VendResult{Code: code, Reason: reason}
	}
	if m.credit < s.Price {
		inventory.Return(m.slots, code)
		return VendResult{Code: code, Reason: "insert more coins"}
	}
	change := m.credit - s.Price
	m.credit = 0
	m.cash += s.Price
	m.record(code, s.Price, "cash")
	return VendResult{Code: code, OK: true, Change: change}
}

func (m *Machine) record(code string, price int, method string) {
	m.sales = append(m.sales, Sale{Machine: m.cfg.ID, Code: code, Price: price, Method: method, At: time.Now()})
	m.cfg.Metrics.Vends.Add(1)
}

// vendCard reserves the item and settles the card payment in the
// background so the keypad stays responsive.
func (m *Machine) vendCard(ctx actor.Context, req CardVend) VendResult {
	s, reason := m.available(req.Code)
	if s == nil {
		return VendResult{Code: req.Code, Reason: reason}
	}
	sale := Sale{Machine: m.cfg.ID, Code: req.Code, Price: s.Price, Method: "card", At: time.Now()}
	fut := ctx.RequestFuture(m.cfg.Payments, Charge{Machine: m.cfg.ID, Method: "card", Account: req.Card, Amount: s.Price}, m.cfg.PayTimeout)
	go m.settleCard(fut, sale, s.Product, last4(req.Card))
	return VendResult{Code: req.Code, Pending: true}
}

func (m *Machine) settleCard(fut *actor.Future, sale Sale, product, card string) {
	res, err := fut.Result()
	if r, ok := res.(ChargeResult); err != nil || !ok || !r.Approved {
		m.cfg.Metrics.Declined.Add(1)
		m.system.Root.Send(m.self, releaseReservation{Code: sale.Code})
		return
	}
	m.card += sale.Price // RACY
	m.printReceipt(Receipt{Machine: sale.Machine, Product: product, Amount: sale.Price, Card: card})
}

func (m *Machine) printReceipt(r Receipt) {
	if m.cfg.Printer == nil {
		return
	}
	_ = m.cfg.Printer.Print(r)
}

// vendMobile settles wallet payments as a continuation on the actor.
func (m *Machine) vendMobile(ctx actor.Context, req MobileVend) VendResult {
	s, reason := m.available(req.Code)
	if s == nil {
		return VendResult{Code: req.Code, Reason: reason}
	}
	code, price := req.Code, s.Price
	fut := ctx.RequestFuture(m.cfg.Payments, Charge{Machine: m.cfg.ID, Method: "wallet", Account: req.Token, Amount: price}, m.cfg.PayTimeout)
	ctx.ReenterAfter(fut, func(res interface{}, err error) {
		if r, ok := res.(ChargeResult); err == nil && ok && r.Approved {
			m.mobile += price
			m.record(code, price, "mobile")
			return
		}
		m.cfg.Metrics.Declined.Add(1)
		inventory.Return(m.slots, code)
	})
	return VendResult{Code: req.Code, Pending: true}
}

// jam takes the machine offline until the lockout expires.
func (m *Machine) jam(code string) Status {
	m.cfg.Metrics.Jams.Add(1)
	m.status = Maintenance
	if m.lockout != nil {
		m.lockout.Stop()
	}
	m.lockout = time.AfterFunc(m.cfg.Lockout, m.reopen)
	return Maintenance
}

func (m *Machine) reopen() {
	m.status = Online // RACY
	if m.cfg.Notifier != nil {
		m.cfg.Notifier.StatusChanged(m.cfg.ID, Online)
	}
}

func (m *Machine) snapshot() MachineStatus {
	return MachineStatus{
		ID:      m.cfg.ID,
		Status:  m.status,
		Credit:  m.credit,
		Cash:    m.cash,
		Card:    m.card,
		Mobile:  m.mobile,
		Sales:   len(m.sales),
		Slots:   inventory.Snapshot(m.slots),
		Refills: m.refills,
	}
}
