package housekeeping

import (
	"testing"
	"time"
)

type pagerFunc func(string)

func (f pagerFunc) Page(msg string) { f(msg) }

func TestBacklogPagerDuringCheckoutWave(t *testing.T) {
	rooms := floorRooms(5, 30, Deluxe)
	s := newTestScheduler(t, testConfig(), rooms)
	pages := make(chan string, 16)
	stop := s.WatchBacklog(500*time.Microsecond, 200, pagerFunc(func(msg string) {
		select {
		case pages <- msg:
		default:
		}
	}))

	for _, r := range rooms {
		if err := s.Checkout(r.No, CheckoutOptions{}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Microsecond)
	}
	time.Sleep(3 * time.Millisecond)
	stop()
	if len(pages) == 0 {
		t.Fatal("duty manager was never paged")
	}
	if d := s.QueueDepth(); d != len(rooms) {
		t.Fatalf("queue depth %d", d)
	}
}

// slowDesk acknowledges every ready room after a delay.
type slowDesk struct {
	delay time.Duration
}

func (d slowDesk) RoomReady(no RoomNo, ack func()) {
	go func() {
		time.Sleep(d.delay)
		ack()
	}()
}

func TestFrontDeskAcksDuringTurnover(t *testing.T) {
	rooms := floorRooms(4, 10, Standard)
	s := newTestScheduler(t, testConfig(), rooms, WithNotifier(slowDesk{delay: 3 * time.Millisecond}))
	for _, r := range rooms {
		turnover(t, s, r.No, "ana")
		time.Sleep(time.Millisecond)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		snap, err := s.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		if snap.Unacked == 0 {
			if snap.Shift.Cleaned != len(rooms) {
				t.Fatalf("shift = %+v", snap.Shift)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d rooms never acknowledged", snap.Unacked)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestLobbyDisplayPollsQueue(t *testing.T) {
	rooms := floorRooms(6, 30, Suite)
	s := newTestScheduler(t, testConfig(), rooms)

	peak := make(chan int)
	go func() {
		most := 0
		for i := 0; i < 12; i++ {
			if d := s.QueueDepth(); d > most {
				most = d
			}
			time.Sleep(500 * time.Microsecond)
		}
		peak <- most
	}()
	for _, r := range rooms {
		if err := s.Checkout(r.No, CheckoutOptions{VIPArrival: true}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Microsecond)
	}
	if p := <-peak; p > len(rooms) {
		t.Fatalf("display showed %d rooms", p)
	}
	snap, _ := s.Snapshot()
	if len(snap.Queue) != len(rooms) {
		t.Fatalf("queue = %d", len(snap.Queue))
	}
}
