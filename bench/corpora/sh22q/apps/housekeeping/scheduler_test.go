package housekeeping

import (
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"
)

func testConfig() Config {
	cfg := DefaultConfig()
	cfg.ReminderEvery = 500 * time.Microsecond
	cfg.ReminderAfter = time.Hour
	cfg.DNDRetry = time.Hour
	return cfg
}

func floorRooms(floor, n int, typ RoomType) []Room {
	rooms := make([]Room, 0, n)
	for i := 1; i <= n; i++ {
		no := strconv.Itoa(floor*100 + i)
		rooms = append(rooms, Room{No: RoomNo(no), Type: typ, Status: Occupied})
	}
	return rooms
}

func testRoster() []Housekeeper {
	return []Housekeeper{
		{ID: "ana", Name: "Ana", Floors: []int{4, 5}},
		{ID: "ben", Name: "Ben", Floors: []int{6}},
		{ID: "cho", Name: "Cho", Floors: []int{4, 6}},
	}
}

func newTestScheduler(t *testing.T, cfg Config, rooms []Room, opts ...Option) *Scheduler {
	t.Helper()
	s := New(cfg, rooms, testRoster(), opts...)
	t.Cleanup(s.Close)
	return s
}

// recordingDesk remembers ready notifications without acknowledging them.
type recordingDesk struct {
	mu    sync.Mutex
	ready []RoomNo
}

func (d *recordingDesk) RoomReady(no RoomNo, ack func()) {
	d.mu.Lock()
	d.ready = append(d.ready, no)
	d.mu.Unlock()
}

func (d *recordingDesk) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.ready)
}

// turnover takes a room from checkout through a passed inspection.
func turnover(t *testing.T, s *Scheduler, no RoomNo, staff string) {
	t.Helper()
	if err := s.Checkout(no, CheckoutOptions{}); err != nil {
		t.Fatalf("checkout %s: %v", no, err)
	}
	task, err := s.Claim(staff)
	if err != nil {
		t.Fatalf("claim %s: %v", no, err)
	}
	if task.Room != no {
		t.Fatalf("claimed %s, want %s", task.Room, no)
	}
	if err := s.Complete(staff); err != nil {
		t.Fatal(err)
	}
	if err := s.Inspect(no, true); err != nil {
		t.Fatal(err)
	}
}

func TestRoomFloor(t *testing.T) {
	for no, want := range map[RoomNo]int{"412": 4, "1203": 12, "7": 0, "x01": 0} {
		if got := no.Floor(); got != want {
			t.Fatalf("%s.Floor() = %d, want %d", no, got, want)
		}
	}
}

func TestPriorityOrdering(t *testing.T) {
	rooms := append(floorRooms(4, 3, Standard), Room{No: "450", Type: Suite, Status: Occupied})
	s := newTestScheduler(t, testConfig(), rooms)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.Checkout("401", CheckoutOptions{}))
	must(s.Checkout("402", CheckoutOptions{EarlyCheckIn: true}))
	must(s.Checkout("403", CheckoutOptions{VIPArrival: true}))
	must(s.Checkout("450", CheckoutOptions{Kind: Stayover}))

	snap, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	var order []RoomNo
	for _, task := range snap.Queue {
		order = append(order, task.Room)
	}
	want := []RoomNo{"403", "402", "450", "401"}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("queue order %v, want %v", order, want)
		}
	}
	if snap.Backlog != 30+30+27+30 {
		t.Fatalf("backlog %d", snap.Backlog)
	}
	if err := s.Checkout("401", CheckoutOptions{}); !errors.Is(err, ErrWrongStatus) {
		t.Fatalf("double checkout: %v", err)
	}
	if err := s.Checkout("999", CheckoutOptions{}); !errors.Is(err, ErrUnknownRoom) {
		t.Fatalf("unknown room: %v", err)
	}
}

func TestClaimRespectsFloors(t *testing.T) {
	rooms := append(floorRooms(4, 2, Standard), floorRooms(6, 2, Deluxe)...)
	s := newTestScheduler(t, testConfig(), rooms)
	for _, r := range rooms {
		if err := s.Checkout(r.No, CheckoutOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	task, err := s.Claim("ben")
	if err != nil || task.Room.Floor() != 6 {
		t.Fatalf("ben claimed %+v, %v", task, err)
	}
	if _, err := s.Claim("ben"); !errors.Is(err, ErrBusy) {
		t.Fatalf("second claim: %v", err)
	}
	if _, err := s.Claim("zed"); !errors.Is(err, ErrUnknownStaff) {
		t.Fatalf("unknown staff: %v", err)
	}
	if err := s.Complete("ana"); !errors.Is(err, ErrIdle) {
		t.Fatalf("idle complete: %v", err)
	}
	for _, id := range []string{"ana", "cho"} {
		if task, err := s.Claim(id); err != nil || task.Room.Floor() != 4 {
			t.Fatalf("%s claimed %+v, %v", id, task, err)
		}
	}
}

func TestFailedInspectionRequeued(t *testing.T) {
	desk := &recordingDesk{}
	s := newTestScheduler(t, testConfig(), floorRooms(5, 2, Standard), WithNotifier(desk))
	if err := s.Checkout("501", CheckoutOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Claim("ana"); err != nil {
		t.Fatal(err)
	}
	if err := s.Inspect("501", false); !errors.Is(err, ErrWrongStatus) {
		t.Fatalf("inspect while cleaning: %v", err)
	}
	if err := s.Complete("ana"); err != nil {
		t.Fatal(err)
	}
	if err := s.Inspect("501", false); err != nil {
		t.Fatal(err)
	}
	snap, _ := s.Snapshot()
	if len(snap.Queue) != 1 || !snap.Queue[0].Reinspect || snap.Queue[0].Priority != 30 {
		t.Fatalf("queue = %+v", snap.Queue)
	}
	if snap.Shift.Failed != 1 || desk.count() != 0 {
		t.Fatalf("shift = %+v, notified %d", snap.Shift, desk.count())
	}
}

func TestDoNotDisturbRetry(t *testing.T) {
	cfg := testConfig()
	cfg.DNDRetry = 2 * time.Millisecond
	s := newTestScheduler(t, cfg, floorRooms(4, 4, Standard))
	for _, no := range []RoomNo{"401", "402", "403"} {
		if err := s.Checkout(no, CheckoutOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 3; i++ {
		if _, err := s.Claim("ana"); err != nil {
			t.Fatal(err)
		}
		if err := s.DoNotDisturb("ana"); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		snap, err := s.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		if snap.Parked == 0 && len(snap.Queue) == 3 {
			if snap.Shift.DND != 3 || snap.Queue[0].Attempts != 1 {
				t.Fatalf("snapshot = %+v", snap)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("rooms never came back: %+v", snap)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestConcurrentCrew(t *testing.T) {
	rooms := append(floorRooms(4, 20, Standard), floorRooms(6, 20, Suite)...)
	desk := &recordingDesk{}
	s := newTestScheduler(t, testConfig(), rooms, WithNotifier(desk))
	for _, r := range rooms {
		if err := s.Checkout(r.No, CheckoutOptions{VIPArrival: r.Type == Suite}); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for _, h := range testRoster() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				task, err := s.Claim(h.ID)
				if errors.Is(err, ErrNoWork) {
					return
				}
				if err != nil {
					t.Error(err)
					return
				}
				if err := s.Complete(h.ID); err != nil {
					t.Error(err)
					return
				}
				if err := s.Inspect(task.Room, true); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	for i := 0; i < 20; i++ {
		if _, err := s.Snapshot(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Microsecond)
	}
	wg.Wait()
	snap, _ := s.Snapshot()
	if snap.Shift.Cleaned != 40 || len(snap.Queue) != 0 || snap.Backlog != 0 {
		t.Fatalf("snapshot = %+v", snap)
	}
	if desk.count() != 40 || snap.Unacked != 40 {
		t.Fatalf("notified %d, unacked %d", desk.count(), snap.Unacked)
	}
	for no, st := range snap.Rooms {
		if st != Ready {
			t.Fatalf("room %s is %v", no, st)
		}
	}
}

func TestEndShiftScores(t *testing.T) {
	rooms := floorRooms(4, 6, Standard)
	s := newTestScheduler(t, testConfig(), rooms)
	for i, r := range rooms {
		staff := "ana"
		if i%3 == 0 {
			staff = "cho"
		}
		turnover(t, s, r.No, staff)
	}
	lines, err := s.EndShift()
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 3 || lines[0].Staff != "ana" || lines[0].Cleaned != 4 || lines[2].Staff != "ben" {
		t.Fatalf("lines = %+v", lines)
	}
}

func TestReminderResends(t *testing.T) {
	cfg := testConfig()
	cfg.ReminderAfter = 2 * time.Millisecond
	desk := &recordingDesk{}
	s := newTestScheduler(t, cfg, floorRooms(4, 2, Standard), WithNotifier(desk))
	turnover(t, s, "401", "ana")
	deadline := time.Now().Add(2 * time.Second)
	for desk.count() < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("only %d notifications", desk.count())
		}
		time.Sleep(time.Millisecond)
	}
	snap, _ := s.Snapshot()
	if snap.Shift.Reminders < 2 || snap.Unacked != 1 {
		t.Fatalf("shift = %+v unacked %d", snap.Shift, snap.Unacked)
	}
}

func TestClosedScheduler(t *testing.T) {
	s := New(testConfig(), floorRooms(4, 1, Standard), testRoster())
	s.Close()
	if err := s.Checkout("401", CheckoutOptions{}); !errors.Is(err, ErrStopped) {
		t.Fatalf("checkout after close: %v", err)
	}
	if _, err := s.Snapshot(); !errors.Is(err, ErrStopped) {
		t.Fatalf("snapshot after close: %v", err)
	}
}
