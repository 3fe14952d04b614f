package vending

import (
	"log/slog"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// TestMain keeps the collector out of the way: the suites are short and
// timing sensitive.
func TestMain(m *testing.M) {
	debug.SetGCPercent(-1)
	os.Exit(m.Run())
}

// acquirer approves everything except accounts ending in 0000.
type acquirer struct {
	mu    sync.Mutex
	calls int
}

func (a *acquirer) Authorize(account string, cents int) (bool, error) {
	a.mu.Lock()
	a.calls++
	a.mu.Unlock()
	return !strings.HasSuffix(account, "0000"), nil
}

// printer is a receipt printer that is busy until released.
type printer struct {
	mu       sync.Mutex
	receipts []Receipt
	release  chan struct{}
}

func newPrinter() *printer { return &printer{release: make(chan struct{})} }

func (p *printer) Print(r Receipt) error {
	p.mu.Lock()
	p.receipts = append(p.receipts, r)
	p.mu.Unlock()
	<-p.release
	return nil
}

func (p *printer) printed() []Receipt {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.receipts)
}

// backend is a StatusNotifier whose HTTP call takes until release.
type backend struct {
	mu      sync.Mutex
	changes []Status
	release chan struct{}
}

func newBackend() *backend { return &backend{release: make(chan struct{})} }

func (b *backend) StatusChanged(machine string, s Status) {
	b.mu.Lock()
	b.changes = append(b.changes, s)
	b.mu.Unlock()
	<-b.release
}

// slowPlanner answers route requests only after release is closed.
type slowPlanner struct {
	Planner
	release chan struct{}
}

func (p *slowPlanner) Receive(ctx actor.Context) {
	if _, ok := ctx.Message().(PlanRoute); ok {
		<-p.release
	}
	p.Planner.Receive(ctx)
}

func newOperator(t *testing.T, cfg Config) *Operator {
	t.Helper()
	if cfg.Acquirer == nil {
		cfg.Acquirer = &acquirer{}
	}
	cfg.Logger = slog.New(slog.DiscardHandler)
	op, err := NewOperator(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(op.Shutdown)
	return op
}

func addMachine(t *testing.T, op *Operator, cfg MachineConfig) {
	t.Helper()
	if cfg.Planogram == nil {
		cfg.Planogram = Planogram()
	}
	if err := op.AddMachine(cfg); err != nil {
		t.Fatal(err)
	}
}

func ask(t *testing.T, op *Operator, machine string, req any) any {
	t.Helper()
	v, err := op.Ask(machine, req)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func status(t *testing.T, op *Operator, machine string) MachineStatus {
	t.Helper()
	st, err := op.Status(machine)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// eventually polls the machine until cond holds or a second has passed.
func eventually(t *testing.T, op *Operator, machine string, cond func(MachineStatus) bool) MachineStatus {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		st := status(t, op, machine)
		if cond(st) || time.Now().After(deadline) {
			return st
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func slotCount(st MachineStatus, code string) int {
	for _, s := range st.Slots {
		if s.Code == code {
			return s.Count
		}
	}
	return -1
}

func TestCashVend(t *testing.T) {
	op := newOperator(t, Config{})
	addMachine(t, op, MachineConfig{ID: "lobby"})
	if credit := ask(t, op, "lobby", InsertCoin{Cents: 100}); credit != 100 {
		t.Fatalf("credit = %v", credit)
	}
	if r := ask(t, op, "lobby", SelectItem{Code: "A1"}).(VendResult); r.OK || r.Reason != "insert more coins" {
		t.Fatalf("underpaid vend = %+v", r)
	}
	ask(t, op, "lobby", InsertCoin{Cents: 100})
	r := ask(t, op, "lobby", SelectItem{Code: "A1"}).(VendResult)
	if !r.OK || r.Change != 50 {
		t.Fatalf("vend = %+v", r)
	}
	st := status(t, op, "lobby")
	if st.Cash != 150 || st.Credit != 0 || slotCount(st, "A1") != 7 || st.Sales != 1 {
		t.Fatalf("status = %+v", st)
	}
	if op.Metrics().Vends.Load() != 1 {
		t.Fatalf("vends = %d", op.Metrics().Vends.Load())
	}
}

func TestStatusIsASnapshot(t *testing.T) {
	op := newOperator(t, Config{})
	addMachine(t, op, MachineConfig{ID: "gym"})
	st := status(t, op, "gym")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 5; i++ {
			ask(t, op, "gym", InsertCoin{Cents: 200})
			ask(t, op, "gym", SelectItem{Code: "C2"})
		}
	}()
	for i := range st.Slots {
		st.Slots[i].Count = 0
	}
	wg.Wait()
	if got := slotCount(status(t, op, "gym"), "C2"); got != 5 {
		t.Fatalf("C2 = %d", got)
	}
}

func TestMobileVendCompletesOnActor(t *testing.T) {
	op := newOperator(t, Config{})
	addMachine(t, op, MachineConfig{ID: "station"})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 10; i++ {
			status(t, op, "station")
		}
	}()
	for _, tok := range []string{"tok-1234", "tok-0000", "tok-5678"} {
		if r := ask(t, op, "station", MobileVend{Code: "B2", Token: tok}).(VendResult); !r.Pending {
			t.Fatalf("mobile vend = %+v", r)
		}
	}
	<-done
	st := eventually(t, op, "station", func(st MachineStatus) bool { return st.Mobile == 460 && slotCount(st, "B2") == 4 })
	if st.Mobile != 460 || st.Sales != 2 || slotCount(st, "B2") != 4 {
		t.Fatalf("status = %+v", st)
	}
	if op.Metrics().Declined.Load() != 1 {
		t.Fatalf("declined = %d", op.Metrics().Declined.Load())
	}
}

func TestDeclinedCardReturnsItem(t *testing.T) {
	op := newOperator(t, Config{})
	addMachine(t, op, MachineConfig{ID: "office"})
	ask(t, op, "office", CardVend{Code: "A2", Card: "4000 0000 0000 0000"})
	st := eventually(t, op, "office", func(st MachineStatus) bool { return slotCount(st, "A2") == 8 })
	if slotCount(st, "A2") != 8 || st.Card != 0 {
		t.Fatalf("status = %+v", st)
	}
}

func TestScheduledRestock(t *testing.T) {
	op := newOperator(t, Config{})
	addMachine(t, op, MachineConfig{ID: "campus", RestockEvery: 15 * time.Millisecond})
	for i := 0; i < 3; i++ {
		ask(t, op, "campus", InsertCoin{Cents: 500})
		ask(t, op, "campus", SelectItem{Code: "B1"})
	}
	st := eventually(t, op, "campus", func(st MachineStatus) bool { return st.Refills > 0 && slotCount(st, "B1") == 6 })
	if st.Refills == 0 || slotCount(st, "B1") != 6 {
		t.Fatalf("status = %+v", st)
	}
}

func TestMetricsWhileVending(t *testing.T) {
	op := newOperator(t, Config{})
	addMachine(t, op, MachineConfig{ID: "a"})
	addMachine(t, op, MachineConfig{ID: "b"})
	stop := make(chan struct{})
	var seen int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
				seen = op.Metrics().Vends.Load()
			}
		}
	}()
	for _, id := range []string{"a", "b", "a"} {
		ask(t, op, id, InsertCoin{Cents: 300})
		ask(t, op, id, SelectItem{Code: "C1"})
	}
	close(stop)
	wg.Wait()
	if seen > 3 || op.Metrics().Vends.Load() != 3 {
		t.Fatalf("vends = %d (seen %d)", op.Metrics().Vends.Load(), seen)
	}
	rev, err := op.Fleet(RevenueRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rev.(map[string]int)) != 2 {
		t.Fatalf("revenue = %v", rev)
	}
}

func TestCardVendSettlesInBackground(t *testing.T) {
	op := newOperator(t, Config{})
	p := newPrinter()
	addMachine(t, op, MachineConfig{ID: "hall", Printer: p})
	r := ask(t, op, "hall", CardVend{Code: "B1", Card: "4111 1111 1111 1111"}).(VendResult)
	if !r.Pending {
		t.Fatalf("card vend = %+v", r)
	}
	time.Sleep(50 * time.Millisecond)
	status(t, op, "hall")
	close(p.release)
	time.Sleep(20 * time.Millisecond)
	st := status(t, op, "hall")
	if st.Card != 220 || slotCount(st, "B1") != 5 {
		t.Fatalf("status = %+v", st)
	}
	if got := p.printed(); len(got) != 1 || got[0].Card != "…1111" || got[0].Product != "Cola" {
		t.Fatalf("receipts = %+v", got)
	}
}

func TestJamLockout(t *testing.T) {
	op := newOperator(t, Config{})
	b := newBackend()
	addMachine(t, op, MachineConfig{ID: "mall", Notifier: b, Lockout: 20 * time.Millisecond})
	ask(t, op, "mall", InsertCoin{Cents: 200})
	if s := ask(t, op, "mall", ReportJam{Code: "C1"}); s != Maintenance {
		t.Fatalf("status after jam = %v", s)
	}
	time.Sleep(60 * time.Millisecond)
	r := ask(t, op, "mall", SelectItem{Code: "A2"}).(VendResult)
	close(b.release)
	if !r.OK {
		t.Fatalf("vend after lockout = %+v", r)
	}
}

func TestRestockPlan(t *testing.T) {
	planner := &slowPlanner{release: make(chan struct{})}
	op := newOperator(t, Config{Planner: planner, Threshold: 2})
	north := Planogram()
	north[2].Count = 2
	addMachine(t, op, MachineConfig{ID: "north", Planogram: north})
	addMachine(t, op, MachineConfig{ID: "south"})
	if _, err := op.Fleet(CollectTelemetry{}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(30 * time.Millisecond)

	type result struct {
		route Route
		err   error
	}
	res := make(chan result, 1)
	go func() {
		v, err := op.Fleet(RestockPlanRequest{})
		if err != nil {
			res <- result{err: err}
			return
		}
		res <- result{route: v.(Route)}
	}()
	time.Sleep(40 * time.Millisecond)
	if err := op.Tell("north", InsertCoin{Cents: 220}); err != nil {
		t.Fatal(err)
	}
	if err := op.Tell("north", SelectItem{Code: "B1"}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(30 * time.Millisecond)
	close(planner.release)
	r := <-res
	if r.err != nil {
		t.Fatal(r.err)
	}
	if len(r.route.Stops) != 1 || r.route.Stops[0].Machine != "north" || !slices.Equal(r.route.Stops[0].Slots, []string{"B1"}) {
		t.Fatalf("route = %+v", r.route)
	}
	if st := status(t, op, "north"); slotCount(st, "B1") != 1 || st.Cash != 220 {
		t.Fatalf("status = %+v", st)
	}
}
