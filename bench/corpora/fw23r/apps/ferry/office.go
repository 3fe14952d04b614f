package ferry

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw23r/apps/ferry/fares"
)

// Errors returned in replies.
var (
	ErrUnknownSailing = errors.New("ferry: unknown sailing")
	ErrUnknownBooking = errors.New("ferry: unknown booking")
	ErrSailingFull    = errors.New("ferry: not enough space on sailing")
	ErrClosed         = errors.New("ferry: sailing closed for booking")
)

// Config configures an Office.
type Config struct {
	Fares          *fares.Table
	Gateway        Gateway
	HoldFor        time.Duration
	BoardRefresh   time.Duration
	PaymentTimeout time.Duration
	Clock          func() time.Time
}

func (c *Config) setDefaults() {
	if c.HoldFor == 0 {
		c.HoldFor = 24 * time.Hour
	}
	if c.BoardRefresh == 0 {
		c.BoardRefresh = 30 * time.Second
	}
	if c.PaymentTimeout == 0 {
		c.PaymentTimeout = 20 * time.Second
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
	if c.Fares == nil {
		c.Fares = fares.NewTable(nil)
	}
}

// Office is the booking office actor.
type Office struct {
	cfg      Config
	sailings []*Sailing
	byID     map[string]*Sailing
	bookings map[string]*Booking
	holds    map[string]*time.Timer
	seq      int
	payments *actor.PID
	board    Board
	next     NextDeparture
	ledger   Ledger
	repeater *actor.SendRepeater
}

// NewOffice builds an office; spawn it with Producer.
func NewOffice(cfg Config) *Office {
	cfg.setDefaults()
	return &Office{
		cfg:      cfg,
		byID:     make(map[string]*Sailing),
		bookings: make(map[string]*Booking),
		holds:    make(map[string]*time.Timer),
	}
}

// Producer hands the office to the engine.
func (o *Office) Producer() actor.Producer {
	return func() actor.Receiver { return o }
}

// Spawn starts an office on e.
func Spawn(e *actor.Engine, cfg Config) (*Office, *actor.PID) {
	o := NewOffice(cfg)
	pid := e.Spawn(o.Producer(), "office")
	return o, pid
}

func (o *Office) now() time.Time { return o.cfg.Clock() }

// Receive implements actor.Receiver.
func (o *Office) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		o.start(c)
	case actor.Stopped:
		o.stop()
	case OpenSailing:
		c.Respond(o.open(m))
	case QuoteRequest:
		c.Respond(o.quote(m))
	case BookRequest:
		c.Respond(o.book(c, m))
	case paymentSettled:
		o.settle(m)
	case CancelBooking:
		c.Respond(o.cancel(c, m))
	case refundResult:
		if m.Err == nil {
			o.ledger.Refunded += m.Amount
		}
	case ManifestRequest:
		c.Respond(o.manifest(m.SailingID))
	case DeparturesRequest:
		c.Respond(o.board)
	case LedgerRequest:
		c.Respond(o.ledger)
	case boardTick:
		o.refreshBoard(o.now())
	}
}

func (o *Office) start(c *actor.Context) {
	if o.cfg.Gateway != nil {
		o.payments = c.SpawnChild(newPaymentDesk(o.cfg.Gateway, o.cfg.PaymentTimeout), "payments")
	}
	r := c.SendRepeat(c.PID(), boardTick{}, o.cfg.BoardRefresh)
	o.repeater = &r
	o.refreshBoard(o.now())
}

func (o *Office) stop() {
	if o.repeater != nil {
		o.repeater.Stop()
		o.repeater = nil
	}
	for ref, t := range o.holds {
		t.Stop()
		delete(o.holds, ref)
	}
}

func (o *Office) open(m OpenSailing) string {
	o.seq++
	s := &Sailing{
		ID:      fmt.Sprintf("%s-%s-%d", m.Route.Code, m.Departs.Format("0601021504"), o.seq),
		Route:   m.Route,
		Vessel:  m.Vessel,
		Departs: m.Departs,
	}
	i := sort.Search(len(o.sailings), func(i int) bool { return o.sailings[i].Departs.After(s.Departs) })
	o.sailings = append(o.sailings, nil)
	copy(o.sailings[i+1:], o.sailings[i:])
	o.sailings[i] = s
	o.byID[s.ID] = s
	o.refreshBoard(o.now())
	return s.ID
}

func (o *Office) quote(m QuoteRequest) Quote {
	s := o.byID[m.SailingID]
	if s == nil {
		return Quote{SailingID: m.SailingID}
	}
	b := Booking{Party: m.Party, Vehicle: m.Vehicle}
	fare, err := o.cfg.Fares.Price(s.Route.Code, m.Party, m.Vehicle, s.Departs)
	if err != nil {
		return Quote{SailingID: m.SailingID}
	}
	return Quote{SailingID: s.ID, Fare: fare, Available: s.fits(b.Load()) && s.statusAt(o.now()) < Boarding}
}

func (o *Office) book(c *actor.Context, m BookRequest) BookReply {
	s := o.byID[m.SailingID]
	if s == nil {
		return BookReply{Err: fmt.Errorf("%w: %s", ErrUnknownSailing, m.SailingID)}
	}
	now := o.now()
	if s.statusAt(now) >= Boarding {
		return BookReply{Err: fmt.Errorf("%w: %s", ErrClosed, s.ID)}
	}
	b := &Booking{SailingID: s.ID, Lead: m.Lead, Party: m.Party, Vehicle: m.Vehicle}
	load := b.Load()
	if !s.fits(load) {
		return BookReply{Err: fmt.Errorf("%w: %s", ErrSailingFull, s.ID)}
	}
	fare, err := o.cfg.Fares.Price(s.Route.Code, m.Party, m.Vehicle, s.Departs)
	if err != nil {
		return BookReply{Err: err}
	}
	o.seq++
	b.Ref = fmt.Sprintf("%s%05d", s.Route.Code, o.seq)
	b.Fare = fare
	s.take(load)
	o.bookings[b.Ref] = b

	switch {
	case m.Pay == PayNow && o.payments != nil:
		b.Status = AwaitingPayment
		c.Send(o.payments, chargeRequest{Booking: b, ReplyTo: c.PID()})
	default:
		b.Status = Held
		b.HeldUntil = now.Add(o.cfg.HoldFor)
		o.holds[b.Ref] = time.AfterFunc(o.cfg.HoldFor, func() { s.release(load) })
	}
	return BookReply{Ref: b.Ref, Fare: b.Fare, Status: b.Status}
}

func (o *Office) settle(m paymentSettled) {
	b := o.bookings[m.Ref]
	if b == nil || b.Status != AwaitingPayment {
		return
	}
	if m.Err != nil {
		b.Status = PaymentFailed
		if s := o.byID[b.SailingID]; s != nil {
			s.take(Load{}.Sub(b.Load()))
		}
		return
	}
	b.Status = Confirmed
	b.Receipt = m.Receipt
	o.ledger.Taken += b.Fare
}

func (o *Office) cancel(c *actor.Context, m CancelBooking) error {
	b := o.bookings[m.Ref]
	if b == nil {
		return fmt.Errorf("%w: %s", ErrUnknownBooking, m.Ref)
	}
	now := o.now()
	if t := o.holds[b.Ref]; t != nil {
		t.Stop()
		delete(o.holds, b.Ref)
	}
	if b.occupiesSpace(now) {
		if s := o.byID[b.SailingID]; s != nil {
			s.take(Load{}.Sub(b.Load()))
		}
	}
	if b.Status == Confirmed && b.Receipt != "" && o.payments != nil {
		c.Send(o.payments, refundRequest{Ref: b.Ref, Receipt: b.Receipt, Amount: refundDue(b.Fare, o.byID[b.SailingID], now), ReplyTo: c.PID()})
	}
	b.Status = CancelledByCustomer
	return nil
}

// refundDue applies the cancellation policy: full refund up to a week
// before departure, half up to a day before, nothing after that.
func refundDue(fare fares.Money, s *Sailing, now time.Time) fares.Money {
	if s == nil {
		return fare
	}
	switch until := s.Departs.Sub(now); {
	case until >= 7*24*time.Hour:
		return fare
	case until >= 24*time.Hour:
		return fare / 2
	}
	return 0
}

func (o *Office) manifest(sailingID string) Manifest {
	if o.byID[sailingID] == nil {
		return Manifest{SailingID: sailingID, Err: fmt.Errorf("%w: %s", ErrUnknownSailing, sailingID)}
	}
	now := o.now()
	var lines []ManifestLine
	for _, b := range o.bookings {
		if b.SailingID != sailingID {
			continue
		}
		line := ManifestLine{
			Ref:      b.Ref,
			Lead:     b.Lead,
			Pax:      b.Party.Size(),
			Status:   b.statusAt(now),
			Attempts: b.PaymentAttempts,
		}
		if b.Vehicle != nil {
			line.Vehicle = b.Vehicle.Reg
		}
		lines = append(lines, line)
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].Ref < lines[j].Ref })
	return Manifest{SailingID: sailingID, Lines: lines}
}
