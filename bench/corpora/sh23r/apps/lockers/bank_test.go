package lockers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func newBank(t *testing.T, n Notifier, opts ...Option) *Bank {
	t.Helper()
	opts = append([]Option{WithSweepEvery(time.Millisecond)}, opts...)
	b := New(n, opts...)
	b.Start()
	t.Cleanup(b.Stop)
	return b
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestDepositAndPickup(t *testing.T) {
	out := &Outbox{}
	b := newBank(t, out)
	rc, err := b.Deposit("", Parcel{Tracking: "TRK1", Recipient: "Ines", Phone: "+100", Size: Medium})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rc.Locker, "M") {
		t.Fatalf("medium parcel in %s", rc.Locker)
	}
	eventually(t, "arrival text", func() bool { return len(out.Sent()) == 1 })
	if msg := out.Sent()[0]; !strings.Contains(msg.Text, rc.Code) {
		t.Fatalf("text without code: %q", msg.Text)
	}
	if _, err := b.Pickup("NOPE"); !errors.Is(err, ErrBadCode) {
		t.Fatalf("err = %v", err)
	}
	p, err := b.Pickup(rc.Code)
	if err != nil || p.Tracking != "TRK1" {
		t.Fatalf("pickup = %+v, %v", p, err)
	}
	st := b.Stats()
	if st.Occupied != 0 || st.Deliveries != 1 || st.DoorOpens != 2 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestReservedDeposit(t *testing.T) {
	b := newBank(t, nil, WithLayout(map[Size]int{Small: 1, Large: 1}))
	v, err := b.Reserve("dhl", Small, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Deposit(v.ID, Parcel{Tracking: "BIG", Size: Large}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v", err)
	}
	if _, err := b.Deposit(v.ID, Parcel{Tracking: "T", Size: Small}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Deposit(v.ID, Parcel{Tracking: "T2", Size: Small}); !errors.Is(err, ErrReservation) {
		t.Fatalf("reused reservation: %v", err)
	}
	if _, err := b.Reserve("ups", Medium, time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Reserve("ups", Small, time.Hour); !errors.Is(err, ErrNoSpace) {
		t.Fatalf("err = %v", err)
	}
}

type flakyDoors struct{ open map[string]bool }

func (d flakyDoors) Closed(_ context.Context, id string) (bool, error) {
	time.Sleep(100 * time.Microsecond)
	return !d.open[id], nil
}

func TestAuditBlocksOpenDoors(t *testing.T) {
	b := New(nil, WithSweepEvery(time.Millisecond))
	b.SetDoorSensor(flakyDoors{open: map[string]bool{"S01": true, "L02": true}})
	b.Start()
	defer b.Stop()
	if _, err := b.Deposit("", Parcel{Tracking: "A", Size: Small}); err != nil {
		t.Fatal(err)
	}
	res, err := b.Audit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Checked != 12 || len(res.Open) != 2 || len(res.Blocked) != 1 || res.Blocked[0] != "S01" {
		t.Fatalf("audit = %+v", res)
	}
	if _, err := b.Deposit("", Parcel{Tracking: "B", Size: Small}); err != nil {
		t.Fatal(err)
	}
	if occ := b.Occupied(); len(occ) != 1 || occ[0] != "S02" {
		t.Fatalf("occupied = %v", occ)
	}
}

func TestParallelServiceOpens(t *testing.T) {
	b := newBank(t, nil)
	srv := httptest.NewServer(b.Handler())
	defer srv.Close()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Post(fmt.Sprintf("%s/service/S%02d/open", srv.URL, i%6+1), "", nil)
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
		}()
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := b.Deposit("", Parcel{Tracking: fmt.Sprint("P", i), Size: Small}); err != nil && !errors.Is(err, ErrNoSpace) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	resp, err := http.Get(srv.URL + "/site")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := b.Stats().DoorOpens; got != 8+8 {
		t.Fatalf("door opens = %d", got)
	}
}

func TestReservationLapses(t *testing.T) {
	b := newBank(t, nil, WithLayout(map[Size]int{Small: 3}))
	for i := 0; i < 3; i++ {
		if _, err := b.Reserve("gls", Small, 3*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	if st := b.Stats(); st.Reserved != 3 {
		t.Fatalf("stats = %+v", st)
	}
	eventually(t, "reservations to lapse", func() bool { return b.Stats().Free == 3 })
}

func TestRemindersAreSent(t *testing.T) {
	out := &Outbox{Latency: time.Millisecond}
	b := newBank(t, out, WithReminders(2*time.Millisecond, 3))
	if _, err := b.Deposit("", Parcel{Tracking: "R1", Recipient: "Jo", Phone: "+200", Size: Small}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "reminders", func() bool { return len(out.Sent()) >= 3 })
	time.Sleep(5 * time.Millisecond)
}

func TestCourierTerminalDrop(t *testing.T) {
	b := newBank(t, nil, WithLayout(map[Size]int{Small: 2}))
	if err := b.DepositAsync(Parcel{Tracking: "X1", Size: Small}, nil); err != nil {
		t.Fatal(err)
	}
	eventually(t, "compartment to fill", func() bool {
		return b.compartments[0].status == StatusOccupied // RACY
	})
	if occ := b.Occupied(); len(occ) != 1 {
		t.Fatalf("occupied = %v", occ)
	}
}

func TestParcelStatusEndpoint(t *testing.T) {
	b := newBank(t, nil, WithMaxDwell(5*time.Millisecond))
	srv := httptest.NewServer(b.Handler())
	defer srv.Close()
	rc, err := b.Deposit("", Parcel{Tracking: "OD1", Size: Large})
	if err != nil {
		t.Fatal(err)
	}
	var v ParcelView
	for i := 0; i < 20; i++ {
		resp, err := http.Get(srv.URL + "/parcels/" + rc.Code)
		if err != nil {
			t.Fatal(err)
		}
		err = json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		if err != nil || v.Tracking != "OD1" {
			t.Fatalf("view = %+v, %v", v, err)
		}
		time.Sleep(time.Millisecond)
	}
	eventually(t, "parcel to be overdue", func() bool { return b.Stats().Overdue == 1 })
}
