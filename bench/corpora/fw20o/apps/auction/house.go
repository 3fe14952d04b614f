// Package auction runs an auction house as a protoactor actor: lots, bids,
// bidder credit and the live feed.
package auction

import (
	"fmt"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/scheduler"

	"example.com/corpus/trial-fw20o/apps/auction/feed"
)

// Config describes an auction house.
type Config struct {
	Bureau   CreditBureau
	Payments PaymentProvider
	// Feed receives live quotes and results; nil disables the feed.
	Feed *feed.Broadcaster
	// FinalCall is announced this long before a lot closes.
	FinalCall time.Duration
	// Extension is added to the closing time for bids during the final call.
	Extension time.Duration
	// RequestTimeout bounds calls to the bank.
	RequestTimeout time.Duration
	// Bidders are pre-approved and need no credit check.
	Bidders []Bidder
	Clock   func() time.Time
}

func (c Config) withDefaults() Config {
	if c.FinalCall == 0 {
		c.FinalCall = 2 * time.Minute
	}
	if c.Extension == 0 {
		c.Extension = time.Minute
	}
	if c.RequestTimeout == 0 {
		c.RequestTimeout = 5 * time.Second
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
	return c
}

// House runs the sale room: lots, bids and bidders.
type House struct {
	cfg  Config
	bank *actor.PID

	lots       map[string]*Lot
	bidders    map[string]*Bidder
	finalCalls map[string]*time.Timer
	gens       map[string]int
	timers     *scheduler.TimerScheduler
	closed     int
}

func newHouse(cfg Config, bank *actor.PID) *House {
	h := &House{
		cfg:        cfg,
		bank:       bank,
		lots:       make(map[string]*Lot),
		bidders:    make(map[string]*Bidder),
		finalCalls: make(map[string]*time.Timer),
		gens:       make(map[string]int),
	}
	for _, b := range cfg.Bidders {
		nb := b
		h.bidders[b.ID] = &nb
	}
	return h
}

// Receive dispatches house messages.
func (h *House) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		h.timers = scheduler.NewTimerScheduler(ctx.ActorSystem().Root)
	case *actor.Stopping:
		h.shutdown()
	case OpenLot:
		v, err := h.open(ctx, m)
		reply(ctx, v, err)
	case PlaceBid:
		v, err := h.placeBid(ctx, m)
		reply(ctx, v, err)
	case closeLot:
		h.close(m)
	case RegisterBidder:
		v, err := h.register(ctx, m)
		reply(ctx, v, err)
	case RefreshCredit:
		h.refreshCredit(ctx, m)
	case CreditLine:
		h.applyCreditLine(m)
	case PayDeposit:
		h.payDeposit(ctx, m)
	case LotInfo:
		l, ok := h.lots[m.LotID]
		if !ok {
			ctx.Respond(ErrUnknownLot)
			return
		}
		ctx.Respond(l.view())
	case BidderInfo:
		b, ok := h.bidders[m.BidderID]
		if !ok {
			ctx.Respond(ErrUnknownBidder)
			return
		}
		ctx.Respond(b.view())
	}
}

func reply[T any](ctx actor.Context, v T, err error) {
	if err != nil {
		ctx.Respond(err)
		return
	}
	ctx.Respond(v)
}

func (h *House) open(ctx actor.Context, m OpenLot) (LotView, error) {
	if _, dup := h.lots[m.ID]; dup {
		return LotView{}, fmt.Errorf("%w: lot %s", ErrDuplicate, m.ID)
	}
	if m.Duration <= 0 || m.Increment <= 0 || m.Start < 0 {
		return LotView{}, ErrInvalidLot
	}
	l := &Lot{
		ID:        m.ID,
		Title:     m.Title,
		Start:     m.Start,
		Reserve:   m.Reserve,
		Increment: m.Increment,
		ClosesAt:  h.cfg.Clock().Add(m.Duration),
	}
	h.lots[l.ID] = l
	h.scheduleClose(ctx, l, m.Duration)
	h.scheduleFinalCall(l, m.Duration)
	return l.view(), nil
}

func (h *House) scheduleClose(ctx actor.Context, l *Lot, in time.Duration) {
	if l.cancel != nil {
		l.cancel()
	}
	h.gens[l.ID]++
	l.cancel = h.timers.SendOnce(in, ctx.Self(), closeLot{lotID: l.ID, gen: h.gens[l.ID]})
}

func (h *House) scheduleFinalCall(l *Lot, closesIn time.Duration) {
	wait := closesIn - h.cfg.FinalCall
	if wait <= 0 {
		l.finalCall = true
		return
	}
	h.finalCalls[l.ID] = time.AfterFunc(wait, func() {
		h.announceFinalCall(l)
	})
}

func (h *House) announceFinalCall(l *Lot) {
	l.enterFinalCall()
}

func (h *House) placeBid(ctx actor.Context, m PlaceBid) (BidAccepted, error) {
	l, ok := h.lots[m.LotID]
	if !ok {
		return BidAccepted{}, ErrUnknownLot
	}
	b, ok := h.bidders[m.BidderID]
	if !ok {
		return BidAccepted{}, ErrUnknownBidder
	}
	prev := l.high
	extra := m.Amount
	if prev.Bidder == b.ID {
		extra -= prev.Amount
	}
	if err := b.canCover(extra); err != nil {
		return BidAccepted{}, err
	}
	now := h.cfg.Clock()
	if err := l.accept(Bid{Bidder: b.ID, Amount: m.Amount, At: now}); err != nil {
		return BidAccepted{}, err
	}
	b.Committed += extra
	if prev.Bidder != "" && prev.Bidder != b.ID {
		h.bidders[prev.Bidder].Committed -= prev.Amount
	}
	if l.finalCall {
		h.extend(ctx, l, now)
	}
	if h.cfg.Feed != nil {
		h.cfg.Feed.Publish(l)
	}
	return BidAccepted{LotID: l.ID, Amount: m.Amount, Asking: l.asking(), ClosesAt: l.ClosesAt}, nil
}

// extend pushes the closing time back so that a late bid can be answered.
func (h *House) extend(ctx actor.Context, l *Lot, now time.Time) {
	min := now.Add(h.cfg.Extension)
	if l.ClosesAt.Before(min) {
		l.ClosesAt = min
	}
	h.scheduleClose(ctx, l, l.ClosesAt.Sub(now))
}

func (h *House) close(m closeLot) {
	l, ok := h.lots[m.lotID]
	if !ok || l.status != Open || h.gens[l.ID] != m.gen {
		return
	}
	if t, ok := h.finalCalls[l.ID]; ok {
		t.Stop()
		delete(h.finalCalls, l.ID)
	}
	l.cancel = nil
	r := l.hammer()
	h.closed++
	if h.cfg.Feed != nil {
		h.cfg.Feed.Announce(r)
	}
}

func (h *House) register(ctx actor.Context, m RegisterBidder) (BidderView, error) {
	if _, dup := h.bidders[m.ID]; dup {
		return BidderView{}, fmt.Errorf("%w: bidder %s", ErrDuplicate, m.ID)
	}
	b := &Bidder{ID: m.ID, Name: m.Name}
	h.bidders[b.ID] = b
	h.checkCredit(ctx, b)
	return b.view(), nil
}

func (h *House) checkCredit(ctx actor.Context, b *Bidder) {
	f := ctx.RequestFuture(h.bank, CreditCheck{BidderID: b.ID}, h.cfg.RequestTimeout)
	go h.awaitCredit(f, b)
}

func (h *House) awaitCredit(f *actor.Future, b *Bidder) {
	res, err := f.Result()
	if err != nil {
		return
	}
	line, ok := res.(CreditLine)
	if !ok || line.Err != nil {
		return
	}
	b.grantCredit(line.Limit)
}

func (h *House) refreshCredit(ctx actor.Context, m RefreshCredit) {
	if _, ok := h.bidders[m.BidderID]; !ok {
		ctx.Respond(ErrUnknownBidder)
		return
	}
	ctx.RequestFuture(h.bank, CreditCheck{BidderID: m.BidderID}, h.cfg.RequestTimeout).PipeTo(ctx.Self())
	ctx.Respond(true)
}

func (h *House) applyCreditLine(m CreditLine) {
	b, ok := h.bidders[m.BidderID]
	if !ok || m.Err != nil {
		return
	}
	b.CreditLimit = m.Limit
}

func (h *House) payDeposit(ctx actor.Context, m PayDeposit) {
	b, ok := h.bidders[m.BidderID]
	if !ok {
		ctx.Respond(ErrUnknownBidder)
		return
	}
	f := ctx.RequestFuture(h.bank, HoldDeposit{BidderID: b.ID, Cents: m.Cents}, h.cfg.RequestTimeout)
	ctx.ReenterAfter(f, func(res interface{}, err error) {
		if err != nil {
			ctx.Respond(err)
			return
		}
		held, ok := res.(DepositHeld)
		if !ok || held.Err != nil {
			ctx.Respond(fmt.Errorf("auction: deposit refused: %v", held.Err))
			return
		}
		b.Deposit += held.Cents
		ctx.Respond(b.view())
	})
}

func (h *House) shutdown() {
	for id, t := range h.finalCalls {
		t.Stop()
		delete(h.finalCalls, id)
	}
	for _, l := range h.lots {
		if l.cancel != nil {
			l.cancel()
			l.cancel = nil
		}
	}
}
