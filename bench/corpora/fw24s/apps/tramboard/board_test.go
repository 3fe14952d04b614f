package tramboard

import (
	"errors"
	"io"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

type slowFeed struct{ delay time.Duration }

func (f slowFeed) Aspects(line string) (map[string]Aspect, error) {
	time.Sleep(f.delay)
	return map[string]Aspect{"S1": Proceed, "S2": Caution}, nil
}

func (f slowFeed) Departures(line string) ([]string, error) {
	time.Sleep(f.delay)
	return []string{"12:01", "12:09"}, nil
}

type slowField struct {
	delay time.Duration
	deny  string
}

func (f slowField) Confirm(route string) error {
	time.Sleep(f.delay)
	if route == f.deny {
		return errors.New("field: points failed to detect")
	}
	return nil
}

func testConfig() Config {
	return Config{
		Lines: []Line{
			{ID: "L1", Name: "Airport - Centre", Signals: []string{"S1", "S2"}},
			{ID: "L2", Name: "Harbour - Uni", Signals: []string{"S3"}},
			{ID: "L3", Name: "Ring", Signals: []string{"S4"}},
		},
		Routes: []Route{
			{Name: "J1-north", Segments: []string{"T1", "T2"}},
			{Name: "J1-west", Segments: []string{"T2", "T3"}},
		},
		Segments: []string{"T1", "T2", "T3"},
		Feed:     slowFeed{delay: 4 * time.Millisecond},
		Field:    slowField{delay: 3 * time.Millisecond},
	}
}

type running struct {
	p    *tea.Program
	done chan struct{}
	out  tea.Model
}

func start(t *testing.T, b *Board) *running {
	t.Helper()
	r := &running{done: make(chan struct{})}
	r.p = tea.NewProgram(b, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithoutSignals(), tea.WithoutSignalHandler())
	go func() {
		defer close(r.done)
		m, err := r.p.Run()
		if err != nil {
			t.Error(err)
		}
		r.out = m
	}()
	return r
}

func (r *running) stop() *Board {
	r.p.Quit()
	<-r.done
	return r.out.(*Board)
}

func key(s string) tea.KeyPressMsg {
	if len(s) == 1 {
		return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
	}
	return tea.KeyPressMsg{Code: rune(s[len(s)-1]), Mod: tea.ModShift}
}

func TestInterlockConflicts(t *testing.T) {
	b := New(testConfig())
	if err := b.table.Lock("J1-north", []string{"T1", "T2"}); err != nil {
		t.Fatal(err)
	}
	if err := b.table.Lock("J1-west", []string{"T2", "T3"}); err == nil {
		t.Fatal("expected conflict")
	}
	b.table.Cancel("J1-north")
	b.table.Occupy("T1", true)
	if got := b.table.Sweep(); len(got) != 0 {
		t.Fatalf("released while occupied: %v", got)
	}
	b.table.Occupy("T1", false)
	if got := b.table.Sweep(); len(got) != 1 {
		t.Fatalf("released = %v", got)
	}
}

func TestDeparturesUseCapturedLine(t *testing.T) {
	cfg := testConfig()
	cfg.Feed = slowFeed{delay: time.Millisecond}
	r := start(t, New(cfg))
	for _, k := range []string{"j", "j", "k", "j", "j"} {
		r.p.Send(key(k))
		time.Sleep(500 * time.Microsecond)
	}
	time.Sleep(5 * time.Millisecond)
	b := r.stop()
	if b.selected != 0 || len(b.departures) != 2 {
		t.Fatalf("selected %d departures %v", b.selected, b.departures)
	}
}

func TestRouteSetAppliedInUpdate(t *testing.T) {
	cfg := testConfig()
	cfg.Field = slowField{delay: time.Millisecond, deny: "J1-west"}
	b := New(cfg)
	r := start(t, b)
	r.p.Send(key("1"))
	r.p.Send(key("2"))
	for i := 0; i < 6; i++ {
		r.p.Send(OccupancyMsg{Segment: "T3", Occupied: i%2 == 0})
		time.Sleep(time.Millisecond)
	}
	time.Sleep(3 * time.Millisecond)
	b = r.stop()
	if b.table.Locked("T1") != "J1-north" || len(b.alarms) == 0 {
		t.Fatalf("T1 locked by %q, alarms %v", b.table.Locked("T1"), b.alarms)
	}
}

func TestClockTickHandledInUpdate(t *testing.T) {
	cfg := testConfig()
	cfg.ClockEvery = time.Millisecond
	b := New(cfg)
	r := start(t, b)
	for i := 0; i < 8; i++ {
		r.p.Send(OccupancyMsg{Segment: "T1", Occupied: i%2 == 0})
		time.Sleep(time.Millisecond)
	}
	if b.Handled() == 0 {
		t.Fatal("no messages handled")
	}
	if b = r.stop(); b.now.IsZero() {
		t.Fatal("clock never ticked")
	}
}

func TestVehicleStreamUsesSend(t *testing.T) {
	b := New(testConfig())
	r := start(t, b)
	positions := make(chan VehicleMsg)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() { StreamVehicles(r.p, positions, done) })
	for i, stop := range []string{"Depot", "Centre", "Harbour"} {
		positions <- VehicleMsg{Tram: "T0" + string(rune('1'+i%2)), Stop: stop}
	}
	close(done)
	wg.Wait()
	time.Sleep(2 * time.Millisecond)
	b = r.stop()
	if b.vehicles["T01"] != "Harbour" || b.vehicles["T02"] != "Centre" {
		t.Fatalf("vehicles = %v", b.vehicles)
	}
}

func TestPollWhileBrowsing(t *testing.T) {
	r := start(t, New(testConfig()))
	r.p.Send(PollMsg{})
	for i := 0; i < 10; i++ {
		r.p.Send(key("j"))
		time.Sleep(time.Millisecond)
	}
	r.stop()
}

func TestHeartbeat(t *testing.T) {
	cfg := testConfig()
	cfg.BeatEvery = 2 * time.Millisecond
	r := start(t, New(cfg))
	for i := 0; i < 12; i++ {
		r.p.Send(OccupancyMsg{Segment: "T1", Occupied: i%2 == 0})
		time.Sleep(time.Millisecond)
	}
	r.stop()
}

func TestCancelRoute(t *testing.T) {
	cfg := testConfig()
	cfg.Field = slowField{delay: 3 * time.Millisecond}
	r := start(t, New(cfg))
	r.p.Send(key("1"))
	time.Sleep(5 * time.Millisecond)
	r.p.Send(key("shift+1"))
	for i := 0; i < 10; i++ {
		r.p.Send(OccupancyMsg{Segment: "T3", Occupied: i%2 == 0})
		time.Sleep(time.Millisecond)
	}
	r.stop()
}
