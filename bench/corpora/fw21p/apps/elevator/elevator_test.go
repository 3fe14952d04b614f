package elevator

import (
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ergo-services/ergo/etf"
	"github.com/ergo-services/ergo/gen"

	"example.com/corpus/trial-fw21p/internal/lift"
)

// TestMain keeps the collector out of the way: the suites are short and
// timing sensitive.
func TestMain(m *testing.M) {
	debug.SetGCPercent(-1)
	os.Exit(m.Run())
}

// pager is an AlarmSink that stays busy until the test lets it go, like a
// paging API answering slowly.
type pager struct {
	mu      sync.Mutex
	alarms  []Alarm
	release chan struct{}
}

func newPager() *pager { return &pager{release: make(chan struct{})} }

func (p *pager) Raise(a Alarm) error {
	p.mu.Lock()
	p.alarms = append(p.alarms, a)
	p.mu.Unlock()
	<-p.release
	return nil
}

func (p *pager) raised() []Alarm {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.alarms)
}

// slowDisplay acknowledges announcements only after release is closed.
type slowDisplay struct {
	Display
	release chan struct{}
}

func (d *slowDisplay) HandleCall(process *gen.ServerProcess, from gen.ServerFrom, message etf.Term) (etf.Term, gen.ServerStatus) {
	<-d.release
	return d.Display.HandleCall(process, from, message)
}

func open(t *testing.T, cfg Config) *Building {
	t.Helper()
	name := strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()) + "@localhost"
	b, err := Open(name, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return b
}

func status(t *testing.T, b *Building, car string) Status {
	t.Helper()
	st, err := b.Status(car)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// eventually polls a car until cond holds or a second has passed.
func eventually(t *testing.T, b *Building, car string, cond func(Status) bool) Status {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		st := status(t, b, car)
		if cond(st) || time.Now().After(deadline) {
			return st
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func press(t *testing.T, b *Building, car string, msg any) {
	t.Helper()
	if err := b.Press(car, msg); err != nil {
		t.Fatal(err)
	}
}

var tower = lift.Bounds{Lowest: 0, Highest: 12}

func TestOpenValidates(t *testing.T) {
	if _, err := Open("empty@localhost", Config{}); err == nil {
		t.Fatal("expected error without cars")
	}
	b := open(t, Config{Cars: []CarConfig{{Name: "A", Bounds: tower}}})
	if _, err := b.Status("Z"); err == nil {
		t.Fatal("unknown car accepted")
	}
	if got := b.Cars(); !slices.Equal(got, []string{"A"}) {
		t.Fatalf("cars = %v", got)
	}
}

func TestTripEndsWithOpenDoor(t *testing.T) {
	b := open(t, Config{Cars: []CarConfig{{Name: "A", Bounds: tower, FloorTime: 2 * time.Millisecond, DoorDwell: time.Second}}})
	press(t, b, "A", CabCall{Floor: 3})
	time.Sleep(300 * time.Millisecond)
	st := status(t, b, "A")
	if st.Floor != 3 || st.Door != DoorOpen || st.Moving || st.Trips != 1 {
		t.Fatalf("status = %+v", st)
	}
}

func TestDoorClosesAfterDwell(t *testing.T) {
	b := open(t, Config{Cars: []CarConfig{{Name: "A", Bounds: tower, DoorDwell: 10 * time.Millisecond}}})
	press(t, b, "A", CabCall{Floor: 0})
	time.Sleep(20 * time.Millisecond)
	if st := eventually(t, b, "A", func(st Status) bool { return st.Door == DoorClosed }); st.Door != DoorClosed || st.Dir != lift.Idle {
		t.Fatalf("status = %+v", st)
	}
}

func TestStatusSnapshotsWhileQueueing(t *testing.T) {
	b := open(t, Config{Cars: []CarConfig{{Name: "A", Bounds: tower, DoorDwell: time.Minute}}})
	press(t, b, "A", CabCall{Floor: 0})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for f := 1; f <= 12; f++ {
			press(t, b, "A", CabCall{Floor: f})
		}
	}()
	var last Status
	for i := 0; i < 20; i++ {
		last = status(t, b, "A")
		last.Stops = append(last.Stops, -1)
		slices.Sort(last.Stops)
	}
	wg.Wait()
	if st := eventually(t, b, "A", func(st Status) bool { return len(st.Stops) == 12 }); len(st.Stops) != 12 || st.Moving {
		t.Fatalf("status = %+v", st)
	}
}

func TestHallCallAssignsIdleCar(t *testing.T) {
	b := open(t, Config{Cars: []CarConfig{
		{Name: "A", Bounds: tower, StartFloor: 0, FloorTime: 2 * time.Millisecond, DoorDwell: time.Second},
		{Name: "B", Bounds: tower, StartFloor: 11, FloorTime: 2 * time.Millisecond, DoorDwell: time.Second},
	}})
	if err := b.HallCall(9, lift.Down); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	got, err := b.Assignments()
	if err != nil {
		t.Fatal(err)
	}
	if got[9] != "B" {
		t.Fatalf("assignments = %v", got)
	}
	if st := status(t, b, "B"); st.Floor != 9 || st.Door != DoorOpen {
		t.Fatalf("B = %+v", st)
	}
	if st := status(t, b, "A"); st.Floor != 0 || st.Trips != 0 {
		t.Fatalf("A = %+v", st)
	}
	ann, err := b.Announcements()
	if err != nil {
		t.Fatal(err)
	}
	if len(ann) != 1 || ann[0].Car != "B" {
		t.Fatalf("announcements = %+v", ann)
	}
}

func TestHeldDoorRaisesAlarm(t *testing.T) {
	p := newPager()
	b := open(t, Config{Cars: []CarConfig{{Name: "A", Bounds: tower,
		DoorDwell: 10 * time.Millisecond, MaxDoorOpen: 20 * time.Millisecond, Alarms: p}}})
	press(t, b, "A", CabCall{Floor: 0})
	press(t, b, "A", HoldDoor{})
	time.Sleep(60 * time.Millisecond)
	press(t, b, "A", ReleaseDoor{})
	time.Sleep(20 * time.Millisecond)
	close(p.release)
	if st := status(t, b, "A"); st.Door != DoorClosed {
		t.Fatalf("door = %v", st.Door)
	}
	if got := p.raised(); len(got) != 1 || got[0].Car != "A" || got[0].Door != DoorOpen {
		t.Fatalf("alarms = %+v", got)
	}
}

func TestPositionWhileMoving(t *testing.T) {
	b := open(t, Config{Cars: []CarConfig{{Name: "A", Bounds: tower, FloorTime: 15 * time.Millisecond, DoorDwell: time.Second}}})
	press(t, b, "A", CabCall{Floor: 10})
	time.Sleep(60 * time.Millisecond)
	st := status(t, b, "A")
	if !st.Moving || st.Floor < 1 || st.Floor > 9 {
		t.Fatalf("mid-trip status = %+v", st)
	}
	time.Sleep(250 * time.Millisecond)
	if st := status(t, b, "A"); st.Floor != 10 || st.Door != DoorOpen {
		t.Fatalf("final status = %+v", st)
	}
}

func TestHallCallAssignsNearestCar(t *testing.T) {
	display := &slowDisplay{Display: *NewDisplay(), release: make(chan struct{})}
	b := open(t, Config{
		Cars: []CarConfig{
			{Name: "A", Bounds: tower, StartFloor: 0, DoorDwell: time.Minute},
			{Name: "B", Bounds: tower, StartFloor: 9, DoorDwell: time.Minute},
		},
		Display: display,
	})
	press(t, b, "A", CabCall{Floor: 0})
	status(t, b, "A")
	if err := b.HallCall(4, lift.Up); err != nil {
		t.Fatal(err)
	}
	time.Sleep(40 * time.Millisecond)
	press(t, b, "A", CabCall{Floor: 7})
	time.Sleep(20 * time.Millisecond)
	close(display.release)
	time.Sleep(40 * time.Millisecond)

	got, err := b.Assignments()
	if err != nil {
		t.Fatal(err)
	}
	if got[4] != "A" {
		t.Fatalf("assignments = %v", got)
	}
	if st := status(t, b, "A"); !slices.Equal(st.Stops, []int{4, 7}) {
		t.Fatalf("stops = %v", st.Stops)
	}
	ann, err := b.Announcements()
	if err != nil {
		t.Fatal(err)
	}
	if len(ann) != 1 || ann[0] != (ETA{Floor: 4, Car: "A", Floors: 4}) {
		t.Fatalf("announcements = %+v", ann)
	}
}
