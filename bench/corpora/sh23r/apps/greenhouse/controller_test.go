package greenhouse

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func testZones() []ZoneConfig {
	return []ZoneConfig{
		{Name: "tomatoes", Crop: "tomato", Setpoint: 22, Band: 1, MaxTemp: 30, MinHumidity: 60},
		{Name: "orchids", Crop: "phalaenopsis", Setpoint: 25, Band: 0.5, MaxTemp: 32},
	}
}

func newController(t *testing.T, bus *Bus, opts ...Option) *Controller {
	t.Helper()
	opts = append([]Option{WithControlEvery(time.Millisecond)}, opts...)
	c, err := New(bus, testZones(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	c.Start()
	t.Cleanup(c.Stop)
	return c
}

func temp(zone string, v float64) Reading {
	return Reading{Sensor: zone + "-t1", Zone: zone, Kind: Temperature, Value: v, At: time.Now()}
}

func waitZone(t *testing.T, c *Controller, name string, ok func(ZoneStatus) bool) ZoneStatus {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		for _, z := range c.Snapshot() {
			if z.Name == name && ok(z) {
				return z
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("zone %s never reached expected state: %+v", name, c.Snapshot())
		}
		time.Sleep(time.Millisecond)
	}
}

func logContains(c *Controller, text string) bool {
	for _, e := range c.Log().Tail(500) {
		if strings.Contains(e.Text, text) {
			return true
		}
	}
	return false
}

func TestNewRejectsBadZones(t *testing.T) {
	if _, err := New(nil, []ZoneConfig{{Name: "x", Setpoint: 20, Band: 0, MaxTemp: 30}}); err == nil {
		t.Fatal("zero band accepted")
	}
	z := testZones()
	if _, err := New(nil, append(z, z[0])); err == nil {
		t.Fatal("duplicate zone accepted")
	}
}

func TestHeatingAndVenting(t *testing.T) {
	c := newController(t, nil)
	c.Ingest(temp("tomatoes", 18))
	waitZone(t, c, "tomatoes", func(z ZoneStatus) bool { return z.Out.Heater && !z.Out.Vent })
	c.Ingest(temp("tomatoes", 26))
	waitZone(t, c, "tomatoes", func(z ZoneStatus) bool { return !z.Out.Heater && z.Out.Vent })
	c.Ingest(temp("tomatoes", 22))
	z := waitZone(t, c, "tomatoes", func(z ZoneStatus) bool { return !z.Out.Heater && !z.Out.Vent })
	if len(z.History) != 3 || z.History[0] != 18 {
		t.Fatalf("history = %v", z.History)
	}
	z.History[0] = -1
	if again := waitZone(t, c, "tomatoes", func(ZoneStatus) bool { return true }); again.History[0] != 18 {
		t.Fatal("snapshot shares history storage")
	}
}

func TestSetpointAndBoost(t *testing.T) {
	c := newController(t, nil)
	if err := c.SetSetpoint("orchids", 27); err != nil {
		t.Fatal(err)
	}
	if err := c.SetSetpoint("orchids", 40); err == nil {
		t.Fatal("setpoint above max accepted")
	}
	if err := c.SetSetpoint("cacti", 20); err != ErrUnknownZone {
		t.Fatalf("err = %v", err)
	}
	c.Ingest(temp("orchids", 26))
	waitZone(t, c, "orchids", func(z ZoneStatus) bool { return z.Setpoint == 27 && z.Out.Heater })
	if err := c.Boost("orchids", time.Hour); err != nil {
		t.Fatal(err)
	}
	waitZone(t, c, "orchids", func(z ZoneStatus) bool { return z.Out.Vent && !z.Out.Heater })
}

func TestReadingsFromBus(t *testing.T) {
	bus := NewBus()
	c := newController(t, bus)
	Simulate(bus, "orchids", Profile{Base: 29, Amplitude: 1, Period: 20 * time.Millisecond}, 10, time.Millisecond)
	z := waitZone(t, c, "orchids", func(z ZoneStatus) bool { return len(z.History) == 10 })
	if !z.Out.Vent {
		t.Fatalf("hot zone not venting: %+v", z)
	}
}

func TestOverheatAlarmAndHTTP(t *testing.T) {
	c := newController(t, nil)
	srv := httptest.NewServer(c.Handler())
	defer srv.Close()
	c.Ingest(temp("tomatoes", 33))
	deadline := time.Now().Add(2 * time.Second)
	for !logContains(c, "ALARM temperature 33.0") {
		if time.Now().After(deadline) {
			t.Fatal("no overheat alarm")
		}
		time.Sleep(time.Millisecond)
	}
	var wg sync.WaitGroup
	for _, path := range []string{"/status", "/zones", "/events?n=5", "/zones/tomatoes/summary"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Get(srv.URL + path)
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			var v any
			if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&v) != nil {
				t.Errorf("GET %s: %s", path, resp.Status)
			}
		}()
	}
	req, _ := http.NewRequest(http.MethodPut, srv.URL+"/zones/tomatoes/setpoint", strings.NewReader(`{"setpoint":21}`))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	wg.Wait()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("setpoint: %s", resp.Status)
	}
	waitZone(t, c, "tomatoes", func(z ZoneStatus) bool { return z.Setpoint == 21 })
}

func TestMistingCycle(t *testing.T) {
	c := newController(t, nil)
	c.Ingest(temp("orchids", 25))
	if err := c.StartMisting("orchids", 8, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := c.StartMisting("ferns", 1, time.Millisecond); err != ErrUnknownZone {
		t.Fatalf("err = %v", err)
	}
	time.Sleep(25 * time.Millisecond)
	waitZone(t, c, "orchids", func(z ZoneStatus) bool { return !z.Out.Mister })
}

func TestSilentSensorRaisesAlarm(t *testing.T) {
	bus := NewBus()
	c := newController(t, bus, WithStaleAfter(5*time.Millisecond))
	Simulate(bus, "tomatoes", Profile{Base: 22}, 15, time.Millisecond)
	deadline := time.Now().Add(2 * time.Second)
	for !logContains(c, "ALARM sensor silent") {
		if time.Now().After(deadline) {
			t.Fatal("watchdog did not fire")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestMetricsEndpoint(t *testing.T) {
	c := newController(t, nil)
	srv := httptest.NewServer(c.Handler())
	defer srv.Close()
	last := -1
	for i := 0; i < 20; i++ {
		resp, err := http.Get(srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "greenhouse_control_cycles_total "); ok {
				n, _ := strconv.Atoi(v)
				if n < last {
					t.Fatalf("cycles went backwards: %d -> %d", last, n)
				}
				last = n
			}
		}
		resp.Body.Close()
		time.Sleep(time.Millisecond)
	}
	if last <= 0 {
		t.Fatalf("cycles = %d", last)
	}
}

func TestZoneSummary(t *testing.T) {
	c := newController(t, nil, WithHistory(8))
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 60; i++ {
			c.Ingest(temp("tomatoes", 21+float64(i%3)))
			time.Sleep(500 * time.Microsecond)
		}
	}()
	for i := 0; i < 20; i++ {
		s, err := c.Summary("tomatoes")
		if err != nil {
			t.Fatal(err)
		}
		if s.Samples > 0 && (s.Mean < 21 || s.Mean > 23) {
			t.Fatalf("mean = %v", s.Mean)
		}
		time.Sleep(time.Millisecond)
	}
	<-done
	if _, err := c.Summary("cacti"); err != ErrUnknownZone {
		t.Fatalf("err = %v", err)
	}
}
