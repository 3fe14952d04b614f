package parking

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"example.com/corpus/trial-sh21p/internal/events"
)

func TestCoinPaymentExtendsSession(t *testing.T) {
	f := newFixture(t, nil)
	srv := httptest.NewServer(f.net.Handler())
	defer srv.Close()
	if _, err := f.net.StartSession("M1", "M-CO-1", 30*time.Minute); err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond)

	resp, err := http.Post(srv.URL+"/meters/M1/pay", "application/json", strings.NewReader(`{"minutes":15}`))
	if err != nil {
		t.Fatal(err)
	}
	var rcpt paymentReceipt
	_ = json.NewDecoder(resp.Body).Decode(&rcpt)
	resp.Body.Close()
	if rcpt.Plate != "M-CO-1" {
		t.Fatalf("receipt = %+v", rcpt)
	}
	time.Sleep(20 * time.Millisecond)

	v, err := f.net.Meter("M1")
	if err != nil {
		t.Fatal(err)
	}
	if v.PaidMinutes != 45 {
		t.Fatalf("meter = %+v", v)
	}
}

func TestLowBatteryAlert(t *testing.T) {
	radio := &staticRadio{readings: []Reading{{Meter: "M1", Battery: 9}}}
	gw := NewGateway(radio, 10*time.Millisecond)
	f := newFixture(t, gw)
	alerts := make(chan string, 4)
	f.bus.Subscribe(TopicLowBattery, func(ev events.Event) { alerts <- ev.Payload.(string) })
	gw.Start()
	defer gw.Stop()

	time.Sleep(40 * time.Millisecond)
	select {
	case id := <-alerts:
		if id != "M1" {
			t.Fatalf("alert for %s", id)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("no low-battery alert")
	}
}

func TestSurchargeAppliesToAttachedZones(t *testing.T) {
	f := newFixture(t, nil)
	matchDay := &Tariff{CentsPerHour: 200}
	if err := f.net.AttachTariff("downtown", matchDay); err != nil {
		t.Fatal(err)
	}
	if _, err := f.net.StartSession("M1", "S-TA-1", time.Hour); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)

	ApplySurcharge(matchDay, 50)
	time.Sleep(30 * time.Millisecond)

	got, err := f.net.ZoneTariff("downtown")
	if err != nil {
		t.Fatal(err)
	}
	if got.CentsPerHour != 300 {
		t.Fatalf("tariff = %+v", got)
	}
}

func TestOverstayIsCited(t *testing.T) {
	f := newFixture(t, nil, WithGrace(10*time.Millisecond))
	if _, err := f.net.StartSession("M1", "W-OV-7", 4*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	var cites []Citation
	deadline := time.Now().Add(3 * time.Second)
	for len(cites) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no citation issued")
		}
		time.Sleep(2 * time.Millisecond)
		var err error
		if cites, err = f.net.Citations(); err != nil {
			t.Fatal(err)
		}
	}
	if len(cites) != 1 || cites[0].Plate != "W-OV-7" {
		t.Fatalf("citations = %+v", cites)
	}
}
