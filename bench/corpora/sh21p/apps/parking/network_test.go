package parking

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"example.com/corpus/trial-sh21p/internal/events"
)

var downtown = Tariff{CentsPerHour: 360, FreeMinutes: 0, DailyCapCents: 2400}

type smsOutbox struct {
	mu   sync.Mutex
	sent []string
}

func (o *smsOutbox) Notify(plate, text string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, plate+": "+text)
	return nil
}

func (o *smsOutbox) messages() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.sent...)
}

type staticRadio struct {
	mu       sync.Mutex
	readings []Reading
}

func (r *staticRadio) Poll(context.Context) ([]Reading, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Reading(nil), r.readings...), nil
}

type fixture struct {
	net *Network
	bus *events.Bus
	sms *smsOutbox
}

func newFixture(t *testing.T, gw *Gateway, opts ...Option) fixture {
	t.Helper()
	bus := events.New()
	sms := &smsOutbox{}
	n := New(bus, gw, sms, append([]Option{WithSweepEvery(2 * time.Millisecond)}, opts...)...)
	n.Start()
	t.Cleanup(func() {
		n.Stop()
		bus.Close()
	})
	if err := n.AddZone("downtown", downtown); err != nil {
		t.Fatal(err)
	}
	if err := n.RegisterMeter("M1", "downtown"); err != nil {
		t.Fatal(err)
	}
	return fixture{net: n, bus: bus, sms: sms}
}

func TestTariffCharge(t *testing.T) {
	tr := Tariff{CentsPerHour: 300, FreeMinutes: 10, DailyCapCents: 1000}
	cases := []struct {
		d    time.Duration
		want int64
	}{
		{5 * time.Minute, 0},
		{70 * time.Minute, 300},
		{40 * time.Minute, 150},
		{10 * time.Hour, 1000},
	}
	for _, c := range cases {
		if got := tr.Charge(c.d); got != c.want {
			t.Errorf("Charge(%v) = %d, want %d", c.d, got, c.want)
		}
	}
	if got := tr.TimeFor(150); got != 40*time.Minute {
		t.Errorf("TimeFor(150) = %v", got)
	}
	if (Tariff{}).Validate() == nil {
		t.Error("zero tariff validated")
	}
}

func TestSessionLifecycle(t *testing.T) {
	f := newFixture(t, nil)
	if _, err := f.net.StartSession("M1", "", time.Hour); err == nil {
		t.Fatal("session without plate accepted")
	}
	id, err := f.net.StartSession("M1", "B-XY-123", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.net.StartSession("M1", "OTHER", time.Hour); !errors.Is(err, ErrMeterBusy) {
		t.Fatalf("second session: %v", err)
	}
	if err := f.net.Extend("M1", 30*time.Minute); err != nil {
		t.Fatal(err)
	}
	v, err := f.net.Meter("M1")
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != "paid" || v.PaidMinutes != 90 || v.Plate != "B-XY-123" {
		t.Fatalf("meter = %+v", v)
	}
	r, err := f.net.EndSession("M1")
	if err != nil {
		t.Fatal(err)
	}
	if r.Session != id || r.Zone != "downtown" || r.Cents < 1 {
		t.Fatalf("receipt = %+v", r)
	}
	rev, _ := f.net.Revenue()
	if rev["downtown"] != r.Cents {
		t.Fatalf("revenue = %v", rev)
	}
	deadline := time.Now().Add(time.Second)
	for len(f.sms.messages()) == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if msgs := f.sms.messages(); len(msgs) != 1 || !strings.HasPrefix(msgs[0], "B-XY-123: B-XY-123 parked") {
		t.Fatalf("sms = %v", msgs)
	}
}

func TestAddZoneCopiesTariff(t *testing.T) {
	f := newFixture(t, nil)
	local := Tariff{CentsPerHour: 100}
	if err := f.net.AddZone("harbour", local); err != nil {
		t.Fatal(err)
	}
	local.CentsPerHour = 9999
	got, err := f.net.ZoneTariff("harbour")
	if err != nil {
		t.Fatal(err)
	}
	if got.CentsPerHour != 100 {
		t.Fatalf("tariff = %+v", got)
	}
	if err := f.net.AddZone("harbour", local); !errors.Is(err, ErrDuplicateName) {
		t.Fatalf("duplicate zone: %v", err)
	}
}

func TestExpiryIsPublished(t *testing.T) {
	f := newFixture(t, nil, WithGrace(time.Minute))
	expired := make(chan Citation, 1)
	f.bus.Subscribe(TopicExpired, func(ev events.Event) { expired <- ev.Payload.(Citation) })
	if _, err := f.net.StartSession("M1", "K-AB-9", 3*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-expired:
		if c.Plate != "K-AB-9" || c.Meter != "M1" {
			t.Fatalf("expiry = %+v", c)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("no expiry published")
	}
	v, _ := f.net.Meter("M1")
	if v.Status != "expired" {
		t.Fatalf("status = %s", v.Status)
	}
}

func TestDriverAppExtension(t *testing.T) {
	f := newFixture(t, nil)
	srv := httptest.NewServer(f.net.Handler())
	defer srv.Close()
	if _, err := f.net.StartSession("M1", "HH-1", 20*time.Minute); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(srv.URL+"/meters/M1/extend", "application/json", strings.NewReader(`{"minutes":25}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("extend status %d", resp.StatusCode)
	}
	resp, err = http.Get(srv.URL + "/meters/M1")
	if err != nil {
		t.Fatal(err)
	}
	var v MeterView
	_ = json.NewDecoder(resp.Body).Decode(&v)
	resp.Body.Close()
	if v.PaidMinutes != 45 {
		t.Fatalf("meter = %+v", v)
	}
	resp, err = http.Post(srv.URL+"/meters/M9/extend", "application/json", bytes.NewReader([]byte(`{"minutes":5}`)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown meter status %d", resp.StatusCode)
	}
}
