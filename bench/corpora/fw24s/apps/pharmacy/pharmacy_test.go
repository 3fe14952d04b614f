package pharmacy

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

func newSystem() *actor.ActorSystem {
	return actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}))
}

var testFormulary = Formulary{"00071": 500, "00093": 1000}

var testStock = map[string]int{"00071-0155": 300, "00093-7180": 90}

func lisinopril(id string) Prescription {
	return Prescription{ID: id, Patient: "ana", Drug: "lisinopril 10mg", NDC: "00071-0155", Quantity: 30, RefillsLeft: 5, DaysSupply: 30}
}

func startPharmacy(t *testing.T, opts ...Option) *Pharmacy {
	t.Helper()
	sys := newSystem()
	t.Cleanup(sys.Shutdown)
	p := Start(sys, testFormulary, testStock, opts...)
	if _, err := p.Ask(&Enroll{Rx: lisinopril("rx1")}); err != nil {
		t.Fatal(err)
	}
	return p
}

func status(t *testing.T, p *Pharmacy, id string) Prescription {
	t.Helper()
	res, err := p.Ask(&Status{RxID: id})
	if err != nil {
		t.Fatal(err)
	}
	return res.(*StatusReply).Rx
}

type chanNotifier struct{ sent chan string }

func (n chanNotifier) Notify(patient, text string) { n.sent <- patient + ": " + text }

type recordingPrinter struct {
	mu     sync.Mutex
	labels []string
	done   chan struct{}
}

func (p *recordingPrinter) Print(label string) {
	p.mu.Lock()
	p.labels = append(p.labels, label)
	p.mu.Unlock()
	p.done <- struct{}{}
}

func TestPrescriptionCheckRefill(t *testing.T) {
	rx := lisinopril("rx9")
	now := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	if err := rx.CheckRefill(now); err != nil {
		t.Fatalf("first fill: %v", err)
	}
	rx.dispense(now)
	if err := rx.CheckRefill(now.Add(10 * 24 * time.Hour)); !errors.Is(err, ErrTooEarly) {
		t.Fatalf("want too early, got %v", err)
	}
	if err := rx.CheckRefill(now.Add(23 * 24 * time.Hour)); err != nil {
		t.Fatalf("refill at day 23: %v", err)
	}
	rx.Schedule = ScheduleII
	if err := rx.CheckRefill(now.Add(40 * 24 * time.Hour)); !errors.Is(err, ErrNotRefillable) {
		t.Fatalf("want not refillable, got %v", err)
	}
}

func TestInventoryReserveCommit(t *testing.T) {
	inv := NewInventory(map[string]int{"a": 40})
	if err := inv.Reserve("a", 30); err != nil {
		t.Fatal(err)
	}
	if err := inv.Reserve("a", 30); err == nil {
		t.Fatal("expected shortage")
	}
	inv.Commit("a", 30)
	if got := inv.Available("a"); got != 10 {
		t.Fatalf("available = %d", got)
	}
	if inv.ReorderList()["a"] == 0 {
		t.Fatal("expected reorder")
	}
}

// The claim is adjudicated on the actor via ReenterAfter.
func TestRefillAdjudicatedOnActor(t *testing.T) {
	p := startPharmacy(t)
	res, err := p.Ask(&RequestRefill{RxID: "rx1"})
	if err != nil {
		t.Fatal(err)
	}
	if ack := res.(*Ack); ack.Err != nil {
		t.Fatal(ack.Err)
	}
	rx := status(t, p, "rx1")
	if rx.ClaimStatus != "paid" || rx.Copay != 500 {
		t.Fatalf("claim = %q copay %d", rx.ClaimStatus, rx.Copay)
	}
}

// Labels are printed from a copy taken on the actor.
func TestLabelPrintedFromCopy(t *testing.T) {
	pr := &recordingPrinter{done: make(chan struct{}, 4)}
	p := startPharmacy(t, WithPrinter(pr))
	for i := 0; i < 3; i++ {
		p.Tell(&CompleteFill{RxID: "rx1"})
		p.Tell(&PickUp{RxID: "rx1"})
	}
	for i := 0; i < 3; i++ {
		<-pr.done
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if len(pr.labels) != 3 || !strings.Contains(pr.labels[0], "lisinopril") {
		t.Fatalf("labels = %q", pr.labels)
	}
}

// The reorder review is sent back to the actor by its timer.
func TestReorderCheckHopsBack(t *testing.T) {
	p := startPharmacy(t, WithReorderDelay(time.Millisecond))
	if _, err := p.Ask(&Enroll{Rx: Prescription{ID: "rx2", Patient: "bo", Drug: "metformin", NDC: "00093-7180", Quantity: 60, DaysSupply: 30}}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Ask(&CompleteFill{RxID: "rx2"}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		res, err := p.Ask(&Stats{})
		if err != nil {
			t.Fatal(err)
		}
		if s := res.(*StatsReply); s.Reorders["00093-7180"] > 0 {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatal("reorder never recorded")
}

// Stats and the served counter are read safely over HTTP.
func TestHTTPStatsAndServed(t *testing.T) {
	p := startPharmacy(t)
	srv := httptest.NewServer(p.Handler())
	defer srv.Close()
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; i < 10; i++ {
			p.Tell(&CompleteFill{RxID: "rx1"})
			time.Sleep(time.Millisecond)
		}
	})
	for i := 0; i < 10; i++ {
		for _, path := range []string{"/stats", "/served", "/audit?n=5"} {
			resp, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	wg.Wait()
}

func TestPickupReminder(t *testing.T) {
	n := chanNotifier{sent: make(chan string, 1)}
	p := startPharmacy(t, WithNotifier(n), WithReminderDelay(2*time.Millisecond))
	if _, err := p.Ask(&CompleteFill{RxID: "rx1"}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 15; i++ {
		_ = status(t, p, "rx1").RemindersSent
		time.Sleep(time.Millisecond)
	}
	if msg := <-n.sent; !strings.Contains(msg, "ready for pickup") {
		t.Fatalf("reminder = %q", msg)
	}
}

func TestPriorAuthDecision(t *testing.T) {
	p := startPharmacy(t)
	if _, err := p.Ask(&RequestPriorAuth{RxID: "rx1"}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 15; i++ {
		_ = status(t, p, "rx1").ClaimStatus
		time.Sleep(time.Millisecond)
	}
}

func TestAuditFeed(t *testing.T) {
	p := startPharmacy(t)
	srv := httptest.NewServer(p.Handler())
	defer srv.Close()
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; i < 20; i++ {
			p.Tell(&CompleteFill{RxID: "rx1"})
			time.Sleep(500 * time.Microsecond)
		}
	})
	for i := 0; i < 15; i++ {
		resp, err := http.Get(srv.URL + "/audit/count")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		time.Sleep(500 * time.Microsecond)
	}
	wg.Wait()
}
