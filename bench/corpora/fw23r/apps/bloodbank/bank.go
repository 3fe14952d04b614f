package bloodbank

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ergo-services/ergo/etf"
	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/lib"

	"example.com/corpus/trial-fw23r/apps/bloodbank/stock"
)

// Bank is the inventory desk process.
type Bank struct {
	gen.Server

	opts      Options
	inv       *stock.Inventory
	holdSeq   int
	rejected  map[string]string
	lastSweep time.Time

	sweepCancel  gen.CancelFunc
	sweepPending bool
	screening    int
	draining     bool
	drainRef     *etf.Ref
}

// NewBank builds a desk with the given options.
func NewBank(opts ...Option) *Bank {
	o := defaultOptions()
	for _, opt := range opts {
		opt(&o)
	}
	return &Bank{
		opts:     o,
		inv:      stock.NewInventory(),
		rejected: make(map[string]string),
	}
}

func (b *Bank) now() time.Time { return b.opts.Clock() }

// Init arms the periodic expiry sweep.
func (b *Bank) Init(process *gen.ServerProcess, args ...etf.Term) error {
	b.scheduleSweep(process)
	return nil
}

func (b *Bank) scheduleSweep(process *gen.ServerProcess) {
	if b.opts.SweepInterval > 0 && !b.draining {
		b.sweepCancel = process.CastAfter(process.Self(), sweepTick{}, b.opts.SweepInterval)
		b.sweepPending = true
	}
}

// drain stops the sweep and waits for lab results still outstanding, so
// that nothing is sent to the desk while its node shuts down.
func (b *Bank) drain(ref etf.Ref) (interface{}, gen.DirectStatus) {
	b.draining = true
	if b.sweepPending && b.sweepCancel() {
		b.sweepPending = false
	}
	if b.sweepPending || b.screening > 0 {
		b.drainRef = &ref
		return nil, gen.DirectStatusIgnore
	}
	return true, gen.DirectStatusOK
}

func (b *Bank) maybeDrained(process *gen.ServerProcess) {
	if b.drainRef != nil && !b.sweepPending && b.screening == 0 {
		_ = process.Reply(*b.drainRef, true, nil)
		b.drainRef = nil
	}
}

// HandleCall serves requests from other processes on the node, such as the
// hospital order desks.
func (b *Bank) HandleCall(process *gen.ServerProcess, from gen.ServerFrom, message etf.Term) (etf.Term, gen.ServerStatus) {
	reply, err := b.handleRequest(process, message)
	if err != nil {
		return err, gen.ServerStatusOK
	}
	return reply, gen.ServerStatusOK
}

// HandleDirect serves requests from Go code outside the node.
func (b *Bank) HandleDirect(process *gen.ServerProcess, ref etf.Ref, message interface{}) (interface{}, gen.DirectStatus) {
	if _, ok := message.(drainRequest); ok {
		return b.drain(ref)
	}
	reply, err := b.handleRequest(process, message)
	if err != nil {
		return nil, err
	}
	return reply, gen.DirectStatusOK
}

func (b *Bank) handleRequest(process *gen.ServerProcess, message interface{}) (interface{}, error) {
	switch m := message.(type) {
	case CheckIn:
		return b.checkIn(process, m)
	case Reserve:
		return b.reserve(m)
	case Issue:
		return b.issue(m)
	case LevelsQuery:
		return b.inv.Levels(b.now()), nil
	case StatsQuery:
		return b.inv.Stats(), nil
	case RejectionsQuery:
		return b.rejections(), nil
	}
	return nil, lib.ErrUnsupportedRequest
}

// HandleCast handles the sweep timer.
func (b *Bank) HandleCast(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	switch message.(type) {
	case sweepTick:
		b.sweepPending = false
		if b.draining {
			b.maybeDrained(process)
			break
		}
		b.sweep()
		b.scheduleSweep(process)
	}
	return gen.ServerStatusOK
}

// HandleInfo handles plain messages: lab results and fire-and-forget
// commands.
func (b *Bank) HandleInfo(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	switch m := message.(type) {
	case screeningDone:
		b.screening--
		b.applyScreening(m)
		b.maybeDrained(process)
	case CancelHold:
		_, _ = b.inv.CancelHold(m.HoldID)
	case Discard:
		if err := b.inv.Discard(m.UnitID); err == nil {
			b.rejected[m.UnitID] = m.Reason
		}
	}
	return gen.ServerStatusOK
}

func (b *Bank) checkIn(process *gen.ServerProcess, m CheckIn) (string, error) {
	if m.UnitID == "" {
		return "", errors.New("bloodbank: unit id required")
	}
	collected := m.Collected
	if collected.IsZero() {
		collected = b.now()
	}
	u := stock.NewUnit(m.UnitID, m.Type, m.Component, m.DonorID, collected)
	if err := b.inv.Receive(u); err != nil {
		return "", err
	}
	b.startScreening(process, Sample{UnitID: u.ID, DonorID: u.DonorID, Type: u.Type})
	return u.ID, nil
}

func (b *Bank) reserve(m Reserve) (HoldInfo, error) {
	now := b.now()
	b.holdSeq++
	id := fmt.Sprintf("H%05d", b.holdSeq)
	h, err := b.inv.PlaceHold(id, m.Hospital, m.Recipient, m.Component, m.Units, now, b.opts.HoldTTL)
	if err != nil {
		return HoldInfo{}, err
	}
	if b.inv.CountAvailable(m.Recipient, m.Component, now) < b.opts.ReorderLevel {
		go b.reorder(m.Recipient, m.Component)
	}
	time.AfterFunc(b.opts.HoldTTL, func() { b.inv.ReleaseHold(h) })
	return holdInfo(h), nil
}

func holdInfo(h *stock.Hold) HoldInfo {
	ids := make([]string, len(h.Units))
	for i, u := range h.Units {
		ids[i] = u.ID
	}
	return HoldInfo{ID: h.ID, UnitIDs: ids, Expires: h.Expires}
}

func (b *Bank) issue(m Issue) (Dispatch, error) {
	units, err := b.inv.Issue(m.HoldID)
	if err != nil {
		return Dispatch{}, err
	}
	b.checkShortage(units)
	return Dispatch{HoldID: m.HoldID, Units: units}, nil
}

func (b *Bank) sweep() {
	now := b.now()
	b.inv.Expire(now)
	b.lastSweep = now
}

func (b *Bank) applyScreening(m screeningDone) {
	if m.err != nil {
		b.rejected[m.result.UnitID] = "screening error: " + m.err.Error()
		_ = b.inv.Discard(m.result.UnitID)
		return
	}
	if !m.result.Passed {
		b.rejected[m.result.UnitID] = m.result.Reason
		_ = b.inv.Discard(m.result.UnitID)
		return
	}
	_ = b.inv.Approve(m.result.UnitID)
}

// rejections returns why units were discarded, keyed by unit ID.
func (b *Bank) rejections() map[string]string {
	out := make(map[string]string, len(b.rejected))
	for k, v := range b.rejected {
		out[k] = v
	}
	return out
}

func (b *Bank) requestContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), b.opts.RequestTimeout)
}
