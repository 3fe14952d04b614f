package ferry

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw23r/apps/ferry/fares"
)

var doverCalais = Route{Code: "DVC", From: "Dover", To: "Calais", Crossing: 90 * time.Minute}

func testFares() *fares.Table {
	return fares.NewTable(map[string]fares.Tariff{
		"DVC": {Adult: 3500, Child: 1800, Senior: 2800, CarUpTo5m: 6500, PerExtraM: 1200, Motorbike: 3000, PeakPercent: 20},
	})
}

type gateway struct {
	delay    time.Duration
	decline  bool
	mu       sync.Mutex
	charges  []fares.Money
	refunded []fares.Money
}

func (g *gateway) Charge(ctx context.Context, ref string, amount fares.Money) (string, error) {
	select {
	case <-time.After(g.delay):
	case <-ctx.Done():
		return "", ctx.Err()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.decline {
		return "", errors.New("card declined")
	}
	g.charges = append(g.charges, amount)
	return "rcpt-" + ref, nil
}

func (g *gateway) Refund(ctx context.Context, receipt string, amount fares.Money) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.refunded = append(g.refunded, amount)
	return nil
}

func (g *gateway) Refunds() []fares.Money {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]fares.Money(nil), g.refunded...)
}

type harness struct {
	t      *testing.T
	engine *actor.Engine
	office *Office
	pid    *actor.PID
}

func newHarness(t *testing.T, cfg Config) *harness {
	t.Helper()
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Fares == nil {
		cfg.Fares = testFares()
	}
	o, pid := Spawn(e, cfg)
	h := &harness{t: t, engine: e, office: o, pid: pid}
	t.Cleanup(func() { <-e.Poison(pid).Done() })
	return h
}

func (h *harness) ask(msg any) any {
	h.t.Helper()
	v, err := h.engine.Request(h.pid, msg, time.Second).Result()
	if err != nil {
		h.t.Fatal(err)
	}
	return v
}

func (h *harness) openSailing(departs time.Time, pax int, lane float64) string {
	h.t.Helper()
	return h.ask(OpenSailing{Route: doverCalais, Vessel: Vessel{Name: "Pride of Kent", Passengers: pax, LaneMeters: lane}, Departs: departs}).(string)
}

func (h *harness) book(req BookRequest) BookReply {
	h.t.Helper()
	rep := h.ask(req).(BookReply)
	if rep.Err != nil {
		h.t.Fatal(rep.Err)
	}
	return rep
}

func (h *harness) waitTaken(want fares.Money) {
	h.t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		l := h.ask(LedgerRequest{}).(Ledger)
		if l.Taken == want {
			return
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("ledger taken = %v, want %v", l.Taken, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func nextTuesday10() time.Time {
	return time.Date(2031, 4, 8, 10, 0, 0, 0, time.UTC)
}

func TestQuoteAndHoldAtTerminal(t *testing.T) {
	h := newHarness(t, Config{})
	id := h.openSailing(nextTuesday10(), 6, 20)

	party := fares.Party{Adults: 2, Children: 1}
	car := &fares.Vehicle{Reg: "KT19 XYZ", Kind: fares.Car, LengthM: 4.2}
	q := h.ask(QuoteRequest{SailingID: id, Party: party, Vehicle: car}).(Quote)
	if !q.Available || q.Fare != 2*3500+1800+6500 {
		t.Fatalf("quote = %+v", q)
	}
	rep := h.book(BookRequest{SailingID: id, Lead: "A. Jones", Party: party, Vehicle: car, Pay: PayAtTerminal})
	if rep.Status != Held {
		t.Fatalf("status = %v", rep.Status)
	}
	q = h.ask(QuoteRequest{SailingID: id, Party: fares.Party{Adults: 4}}).(Quote)
	if q.Available {
		t.Fatal("sailing should not fit four more passengers")
	}
}

func TestPaidBookingCanBeCancelledForRefund(t *testing.T) {
	gw := &gateway{}
	h := newHarness(t, Config{Gateway: gw})
	id := h.openSailing(time.Now().Add(30*24*time.Hour), 100, 200)

	rep := h.book(BookRequest{SailingID: id, Lead: "B. Singh", Party: fares.Party{Adults: 2}, Pay: PayNow})
	h.waitTaken(rep.Fare)

	if err := h.ask(CancelBooking{Ref: rep.Ref}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		if l := h.ask(LedgerRequest{}).(Ledger); l.Refunded == rep.Fare {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("refund never recorded")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got := gw.Refunds(); len(got) != 1 || got[0] != rep.Fare {
		t.Fatalf("gateway refunds = %v", got)
	}
}

func TestDeclinedPaymentFreesSpace(t *testing.T) {
	gw := &gateway{decline: true}
	h := newHarness(t, Config{Gateway: gw})
	id := h.openSailing(time.Now().Add(30*24*time.Hour), 2, 10)

	h.book(BookRequest{SailingID: id, Lead: "C. Ortiz", Party: fares.Party{Adults: 2}, Pay: PayNow})
	deadline := time.Now().Add(2 * time.Second)
	for !h.ask(QuoteRequest{SailingID: id, Party: fares.Party{Adults: 2}}).(Quote).Available {
		if time.Now().After(deadline) {
			t.Fatal("space never freed")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestTariffUpdatesWhileQuoting(t *testing.T) {
	table := testFares()
	h := newHarness(t, Config{Fares: table})
	id := h.openSailing(nextTuesday10(), 100, 100)

	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 20; i++ {
			table.Set("DVC", fares.Tariff{Adult: fares.Money(3500 + i), Child: 1800})
		}
	}()
	for i := 0; i < 20; i++ {
		if q := h.ask(QuoteRequest{SailingID: id, Party: fares.Party{Adults: 1}}).(Quote); q.Fare < 3500 {
			t.Fatalf("fare = %v", q.Fare)
		}
	}
	<-done
	if table.Version() != 20 {
		t.Fatalf("version = %d", table.Version())
	}
}

func TestPayNowBookingShowsOnManifest(t *testing.T) {
	gw := &gateway{delay: 150 * time.Millisecond}
	h := newHarness(t, Config{Gateway: gw})
	id := h.openSailing(time.Now().Add(48*time.Hour), 100, 100)

	rep := h.book(BookRequest{SailingID: id, Lead: "D. Park", Party: fares.Party{Adults: 1, Seniors: 1}, Pay: PayNow})
	time.Sleep(40 * time.Millisecond)
	m := h.ask(ManifestRequest{SailingID: id}).(Manifest)
	if len(m.Lines) != 1 || m.Lines[0].Ref != rep.Ref {
		t.Fatalf("manifest = %+v", m)
	}
	h.waitTaken(rep.Fare)
}

func TestTerminalHoldLapses(t *testing.T) {
	h := newHarness(t, Config{HoldFor: 20 * time.Millisecond})
	id := h.openSailing(nextTuesday10(), 4, 10)

	h.book(BookRequest{SailingID: id, Lead: "E. Novak", Party: fares.Party{Adults: 4}, Pay: PayAtTerminal})
	time.Sleep(60 * time.Millisecond)
	deadline := time.Now().Add(2 * time.Second)
	for !h.ask(QuoteRequest{SailingID: id, Party: fares.Party{Adults: 4}}).(Quote).Available {
		if time.Now().After(deadline) {
			t.Fatal("lapsed hold still occupies the sailing")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
