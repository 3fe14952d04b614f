package garage

import (
	"errors"
	"sync"
	"testing"
	"time"
)

func TestEnterPicksSmallestFittingBay(t *testing.T) {
	c := startGarage(t, Config{})
	r, err := c.Enter("ab-123", Compact, false)
	if err != nil {
		t.Fatal(err)
	}
	if r.SpotID != "L0-001" {
		t.Fatalf("compact car got %s", r.SpotID)
	}
	r, err = c.Enter("van-1", Oversize, false)
	if err != nil || r.SpotID != "L0-007" {
		t.Fatalf("van got %+v %v", r, err)
	}
	if _, err := c.Enter("AB-123", Compact, false); !errors.Is(err, ErrAlreadyInside) {
		t.Fatalf("double entry: %v", err)
	}
}

func TestEVGetsChargingBay(t *testing.T) {
	c := startGarage(t, Config{Chargers: chargers{delay: 2 * time.Millisecond}})
	r, err := c.Enter("EV-1", Standard, true)
	if err != nil || r.SpotID != "L0-006" {
		t.Fatalf("ev got %+v %v", r, err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		v, err := c.Ticket(r.TicketID)
		if err != nil {
			t.Fatal(err)
		}
		if v.ChargerPort != "" {
			if v.ChargerPort != "CP-L0-006" {
				t.Fatalf("port = %s", v.ChargerPort)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("charger never assigned")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestGarageFills(t *testing.T) {
	c := startGarage(t, Config{Levels: []LevelLayout{{Standard: 2}}})
	for _, p := range []string{"A", "B"} {
		if _, err := c.Enter(p, Standard, false); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Enter("C", Compact, false); !errors.Is(err, ErrFull) {
		t.Fatalf("third car: %v", err)
	}
	occ, _ := c.Occupancy()
	if occ.Occupied != 2 || occ.Vacant != 0 {
		t.Fatalf("occupancy = %+v", occ)
	}
}

func TestPaidTicketExits(t *testing.T) {
	clk := newManualClock()
	c := startGarage(t, Config{Clock: clk.Now})
	r, _ := c.Enter("PAY-1", Standard, false)
	if _, err := c.Exit(r.TicketID); !errors.Is(err, ErrUnpaid) {
		t.Fatalf("exit before paying: %v", err)
	}
	clk.Advance(2 * time.Hour)
	if _, err := c.Pay(r.TicketID); err != nil {
		t.Fatal(err)
	}
	waitRevenue(t, c, 600)
	out, err := c.Exit(r.TicketID)
	if err != nil {
		t.Fatal(err)
	}
	if out.AmountCents != 600 || out.SpotID != r.SpotID {
		t.Fatalf("exit = %+v", out)
	}
	g := c.Gauge()
	if g.Occupied != 0 || g.Entries != 1 || g.Exits != 1 {
		t.Fatalf("gauge = %+v", g)
	}
}

func TestShortStayIsFree(t *testing.T) {
	c := startGarage(t, Config{})
	r, _ := c.Enter("QUICK", Compact, false)
	c.Pay(r.TicketID)
	deadline := time.Now().Add(2 * time.Second)
	for {
		out, err := c.Exit(r.TicketID)
		if err == nil {
			if out.AmountCents != 0 {
				t.Fatalf("charged %d", out.AmountCents)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("exit: %v", err)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestGraceExpiryRequiresNewPayment(t *testing.T) {
	clk := newManualClock()
	c := startGarage(t, Config{Clock: clk.Now, ExitGrace: 5 * time.Millisecond})
	r, _ := c.Enter("SLOW-1", Standard, false)
	clk.Advance(90 * time.Minute)
	c.Pay(r.TicketID)
	waitRevenue(t, c, 600)
	clk.Advance(30 * time.Minute)

	deadline := time.Now().Add(2 * time.Second)
	for {
		v, err := c.Ticket(r.TicketID)
		if err != nil {
			t.Fatal(err)
		}
		if v.Overstay && v.Payment == "unpaid" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("ticket = %+v", v)
		}
		time.Sleep(time.Millisecond)
	}
	if _, err := c.Exit(r.TicketID); !errors.Is(err, ErrUnpaid) {
		t.Fatalf("exit after grace: %v", err)
	}
}

func TestSweepFlagsOverstay(t *testing.T) {
	clk := newManualClock()
	c := startGarage(t, Config{Clock: clk.Now, MaxStay: time.Hour, SweepEvery: 2 * time.Millisecond})
	r, _ := c.Enter("LONG-1", Standard, false)
	clk.Advance(3 * time.Hour)
	deadline := time.Now().Add(2 * time.Second)
	for {
		v, _ := c.Ticket(r.TicketID)
		if v.Overstay {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("overstay never flagged")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestReservedPlateGetsHeldBay(t *testing.T) {
	c := startGarage(t, Config{})
	res, err := c.Reserve("booked-1", Standard, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := c.Enter("walkin", Standard, false)
	if other.SpotID == res.SpotID {
		t.Fatal("walk-in took the reserved bay")
	}
	in, err := c.Enter("BOOKED-1", Standard, false)
	if err != nil || in.SpotID != res.SpotID {
		t.Fatalf("booked car got %+v %v", in, err)
	}
	occ, _ := c.Occupancy()
	if occ.Reserved != 0 || occ.Occupied != 2 {
		t.Fatalf("occupancy = %+v", occ)
	}
}

func TestGaugeReadWhileCarsArrive(t *testing.T) {
	c := startGarage(t, Config{Levels: []LevelLayout{{Standard: 30}}})
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if g := c.Gauge(); g.Occupied > 30 {
				t.Errorf("gauge = %+v", g)
			}
			time.Sleep(200 * time.Microsecond)
		}
	})
	for i := range 20 {
		if _, err := c.Enter(string(rune('A'+i))+"-car", Standard, false); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
	if g := c.Gauge(); g.Entries != 20 || g.Occupied != 20 {
		t.Fatalf("gauge = %+v", g)
	}
}

func TestPaymentSettlesWhileStationPolls(t *testing.T) {
	clk := newManualClock()
	c := startGarage(t, Config{Clock: clk.Now, Gateway: &cardGateway{delay: 20 * time.Millisecond}})
	r, _ := c.Enter("POLL-1", Standard, false)
	clk.Advance(time.Hour)
	if _, err := c.Pay(r.TicketID); err != nil {
		t.Fatal(err)
	}
	var v TicketView
	deadline := time.Now().Add(2 * time.Second)
	for i := 0; i < 40 || (v.Payment != "authorized" && time.Now().Before(deadline)); i++ {
		v, _ = c.Ticket(r.TicketID)
		time.Sleep(time.Millisecond)
	}
	if v.Payment != "authorized" || v.AmountCents != 300 {
		t.Fatalf("ticket = %+v", v)
	}
}

func TestPlateRecognitionWhileTicketsQueried(t *testing.T) {
	c := startGarage(t, Config{Plates: camera{delay: 5 * time.Millisecond, class: Van}})
	r, err := c.Enter("VAN-77", Oversize, false)
	if err != nil {
		t.Fatal(err)
	}
	var v TicketView
	deadline := time.Now().Add(2 * time.Second)
	for i := 0; i < 20 || (v.Class != "van" && time.Now().Before(deadline)); i++ {
		v, _ = c.Ticket(r.TicketID)
		time.Sleep(time.Millisecond)
	}
	if v.Class != "van" {
		t.Fatalf("class = %s", v.Class)
	}
}

func TestReservationLapsesWhileOccupancyPolled(t *testing.T) {
	c := startGarage(t, Config{})
	if _, err := c.Reserve("NOSHOW", Standard, 5*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	var occ OccupancyReport
	deadline := time.Now().Add(2 * time.Second)
	for i := 0; i < 20 || (occ.Reserved != 0 && time.Now().Before(deadline)); i++ {
		occ, _ = c.Occupancy()
		time.Sleep(time.Millisecond)
	}
	if occ.Reserved != 0 || occ.Vacant != occ.Total {
		t.Fatalf("occupancy = %+v", occ)
	}
}
