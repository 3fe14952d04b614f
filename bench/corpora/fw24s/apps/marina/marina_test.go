package marina

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ergo-services/ergo"
	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/node"

	"example.com/corpus/trial-fw24s/internal/tides"
)

var nodeSeq atomic.Int32

func testBerths() []Berth {
	return []Berth{
		{ID: "A1", Pontoon: "A", Length: 10, ChartDepth: 2.0},
		{ID: "A2", Pontoon: "A", Length: 12, ChartDepth: 2.5, ShorePower: true},
		{ID: "B1", Pontoon: "B", Length: 18, ChartDepth: 3.5, ShorePower: true},
		{ID: "V1", Pontoon: "V", Length: 30, ChartDepth: 5.0, ShorePower: true},
	}
}

type fixedTide float64

func (f fixedTide) Read() tides.Reading { return tides.Reading{At: time.Now(), Level: float64(f)} }

type fixedWind float64

func (f fixedWind) Wind() float64 { return float64(f) }

type quickCustoms struct{}

func (quickCustoms) Clear(string) error { return nil }

func startHarbour(t *testing.T, cfg Config) gen.Process {
	t.Helper()
	if cfg.Berths == nil {
		cfg.Berths = testBerths()
	}
	if cfg.Tide == nil {
		cfg.Tide = fixedTide(1.0)
	}
	name := fmt.Sprintf("marina%d@localhost", nodeSeq.Add(1))
	n, err := ergo.StartNode(name, "cookie", node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Stop)
	p, err := n.Spawn("harbour", gen.ProcessOptions{}, &HarbourMaster{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func direct[T any](t *testing.T, p gen.Process, req any) T {
	t.Helper()
	res, err := p.Direct(req)
	if err != nil {
		t.Fatal(err)
	}
	return res.(T)
}

func TestChooseSmallestBerth(t *testing.T) {
	var bs []*Berth
	for _, b := range testBerths() {
		bs = append(bs, &b)
	}
	depth := func(b *Berth) float64 { return b.ChartDepth }
	b, err := chooseBerth(bs, &Vessel{Name: "Kestrel", LOA: 11, Draft: 1.8, Power: true}, depth)
	if err != nil || b.ID != "A2" {
		t.Fatalf("berth = %v, %v", b, err)
	}
	if _, err := chooseBerth(bs, &Vessel{Name: "Tanker", LOA: 80, Draft: 6}, depth); !errors.Is(err, ErrNoBerth) {
		t.Fatalf("err = %v", err)
	}
}

func TestArriveDepartInvoice(t *testing.T) {
	p := startHarbour(t, Config{})
	if id := direct[string](t, p, Arrive{Vessel: Vessel{Name: "Puffin", LOA: 9.5, Draft: 1.5, Nights: 2}}); id != "A1" {
		t.Fatalf("berth = %s", id)
	}
	r := direct[DepartReceipt](t, p, Depart{Name: "Puffin"})
	if r.Berth != "A1" || r.Fee != int(9.5*NightlyRate)*2 {
		t.Fatalf("receipt = %+v", r)
	}
}

func TestPilotAssignedViaCast(t *testing.T) {
	p := startHarbour(t, Config{Pilots: NewPilotRoster("Morag"), PilotAboveLOA: 15})
	direct[string](t, p, Arrive{Vessel: Vessel{Name: "Sula", LOA: 24, Draft: 2.8, Nights: 1}})
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		if v := direct[VesselView](t, p, VesselStatus{Name: "Sula"}); v.Pilot == "Morag" {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("pilot never assigned")
}

func TestWeatherClosesHarbour(t *testing.T) {
	p := startHarbour(t, Config{Weather: fixedWind(45), WeatherEvery: time.Millisecond, MaxWind: 35})
	deadline := time.Now().Add(time.Second)
	for direct[float64](t, p, WeatherQuery{}) == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if _, err := p.Direct(Arrive{Vessel: Vessel{Name: "Skua", LOA: 8, Draft: 1}}); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("err = %v", err)
	}
}

func TestDashboardSnapshots(t *testing.T) {
	p := startHarbour(t, Config{})
	d := NewDashboard(p)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { d.RunSnapshots(ctx, time.Millisecond) })
	for i := 0; i < 5; i++ {
		name := fmt.Sprintf("Tern%d", i)
		direct[string](t, p, Arrive{Vessel: Vessel{Name: name, LOA: 8, Draft: 1}})
		time.Sleep(time.Millisecond)
		direct[DepartReceipt](t, p, Depart{Name: name})
	}
	cancel()
	wg.Wait()
	if _, frames := d.Screen(); frames == 0 {
		t.Fatal("no frames")
	}
}

func TestCustomsClearance(t *testing.T) {
	p := startHarbour(t, Config{Customs: quickCustoms{}})
	direct[string](t, p, Arrive{Vessel: Vessel{Name: "Gannet", LOA: 11, Draft: 1.6, Nights: 3}})
	for i := 0; i < 15; i++ {
		direct[VesselView](t, p, VesselStatus{Name: "Gannet"})
		time.Sleep(time.Millisecond)
	}
}

func TestTideRefresh(t *testing.T) {
	p := startHarbour(t, Config{Tide: tides.Harmonic{Mean: 2, Amplitude: 1.5, Period: 12 * time.Hour}, TideRefresh: 2 * time.Millisecond})
	for i := 0; i < 15; i++ {
		direct[float64](t, p, TideQuery{})
		time.Sleep(time.Millisecond)
	}
}

func TestDashboardLive(t *testing.T) {
	p := startHarbour(t, Config{})
	d := NewDashboard(p)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		d.RunLive(ctx, 500*time.Microsecond)
	}()
	for i := 0; i < 8; i++ {
		name := fmt.Sprintf("Auk%d", i)
		direct[string](t, p, Arrive{Vessel: Vessel{Name: name, LOA: 8, Draft: 1}})
		time.Sleep(time.Millisecond)
		direct[DepartReceipt](t, p, Depart{Name: name})
	}
	cancel()
	<-done
}
