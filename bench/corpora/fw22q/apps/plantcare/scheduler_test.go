package plantcare

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"example.com/corpus/trial-fw22q/internal/schedule"
	"example.com/corpus/trial-fw22q/internal/sensor"
)

func testPlants(now time.Time) []*Plant {
	return []*Plant{
		{ID: "fern", Name: "Boston fern", Species: "Nephrolepis exaltata", Zone: 2, Every: 48 * time.Hour, VolumeML: 400, FlowMLs: 10, Threshold: 0.4, Moisture: 0.55, LastWatered: now.Add(-20 * time.Hour)},
		{ID: "basil", Name: "Basil", Species: "Ocimum basilicum", Zone: 1, Every: 24 * time.Hour, VolumeML: 200, FlowMLs: 5, Threshold: 0.3, Moisture: 0.5, LastWatered: now.Add(-2 * time.Hour)},
		{ID: "chili", Name: "Chili", Species: "Capsicum annuum", Zone: 3, Every: 36 * time.Hour, VolumeML: 300, FlowMLs: 5, Threshold: 0.25, Moisture: 0.6, LastWatered: now.Add(-3 * time.Hour)},
	}
}

func newTestScheduler(t *testing.T, plants []*Plant, opts ...Option) (*Scheduler, *ValveBank) {
	t.Helper()
	a := test.NewApp()
	bank := NewValveBank(3, 50, 1000)
	s := New(a, bank, plants, opts...)
	w := a.NewWindow("Plant care")
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(900, 500))
	t.Cleanup(s.Close)
	return s, bank
}

func TestPlantsSortedByZone(t *testing.T) {
	s, _ := newTestScheduler(t, testPlants(time.Now()), WithReminders(false))
	if s.plants[0].ID != "basil" || s.plants[2].ID != "chili" {
		t.Fatalf("order = %s %s %s", s.plants[0].ID, s.plants[1].ID, s.plants[2].ID)
	}
	if !s.waterBtn.Disabled() {
		t.Error("water button enabled without a selection")
	}
	s.list.Select(1)
	if !strings.HasPrefix(s.detail.Text, "Boston fern") || s.waterBtn.Disabled() {
		t.Errorf("detail = %q", s.detail.Text)
	}
}

func TestWaterAllDue(t *testing.T) {
	now := time.Now()
	plants := testPlants(now)
	plants[0].LastWatered = now.Add(-49 * time.Hour)
	plants[2].Moisture = 0.1
	s, bank := newTestScheduler(t, plants, WithReminders(false))
	bank.Fail(3, errors.New("valve stuck"))

	test.Tap(s.waterDueBtn)
	s.Wait()

	if got := s.status.Text; got != "1 of 2 runs failed" {
		t.Errorf("status = %q", got)
	}
	h := s.History()
	if len(h) != 2 || h[0].Plant != "Boston fern" || h[0].Err != nil || h[1].Err == nil {
		t.Fatalf("history = %+v", h)
	}
	if bank.Runs(2) != 1 || bank.Delivered() != 400 {
		t.Errorf("runs = %d, delivered = %d", bank.Runs(2), bank.Delivered())
	}
	if plants[0].Due(time.Now()) || plants[0].TotalML != 400 {
		t.Errorf("fern still due after watering: %+v", plants[0])
	}
	if !plants[2].Due(time.Now()) {
		t.Error("chili should still be due")
	}
	if s.waterDueBtn.Disabled() {
		t.Error("water-all button disabled while chili is due")
	}
}

func TestExportPlan(t *testing.T) {
	var out bytes.Buffer
	now := time.Date(2024, 7, 1, 6, 0, 0, 0, time.UTC)
	s, _ := newTestScheduler(t, testPlants(now),
		WithClock(func() time.Time { return now }),
		WithExport(&out),
		WithQuietHours(schedule.Window{Start: 11 * time.Hour, End: 16 * time.Hour}),
		WithReminders(false),
	)
	test.Tap(s.exportBtn)
	s.Wait()
	if !strings.HasPrefix(s.status.Text, "Exported ") {
		t.Fatalf("status = %q", s.status.Text)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 8 || lines[0] != "id,zone,start,seconds,ml" {
		t.Fatalf("csv:\n%s", out.String())
	}
	for _, l := range lines[1:] {
		start, _ := time.Parse(time.RFC3339, strings.Split(l, ",")[2])
		if h := start.Hour(); h >= 11 && h < 16 {
			t.Errorf("run in quiet hours: %s", l)
		}
	}
}

func TestClimateProbe(t *testing.T) {
	s, _ := newTestScheduler(t, testPlants(time.Now()), WithReminders(false))
	probe := sensor.NewPoller(sensor.NewScript(map[int][]float64{0: {21.5, 23.25}, 1: {40, 55}}), 2*time.Millisecond, 0, 1)
	if err := s.AttachClimateProbe(probe); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	probe.Stop()
	if got := s.climateLbl.Text; got != "Balcony 23.2°C, 55% RH" {
		t.Errorf("climate = %q", got)
	}
}

func TestValveBankAllowsOneZoneAtATime(t *testing.T) {
	bank := NewValveBank(2, 10, 100)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		wg.Go(func() {
			_, errs[i] = bank.Run(i+1, 100)
		})
	}
	wg.Wait()
	busy := 0
	for _, err := range errs {
		if errors.Is(err, ErrPumpBusy) {
			busy++
		}
	}
	if busy != 1 || bank.Delivered() != 100 {
		t.Errorf("errs = %v, delivered = %d", errs, bank.Delivered())
	}
	if _, err := bank.Run(5, 10); err == nil {
		t.Error("unknown zone accepted")
	}
}

func TestWaterNowUpdatesDetails(t *testing.T) {
	plants := testPlants(time.Now())
	s, bank := newTestScheduler(t, plants, WithReminders(false))
	s.list.Select(0)

	test.Tap(s.waterBtn)
	for range 20 {
		time.Sleep(2 * time.Millisecond)
		test.Tap(s.refreshBtn)
	}
	s.Wait()
	test.Tap(s.refreshBtn)

	if bank.Runs(1) != 1 {
		t.Errorf("zone 1 runs = %d", bank.Runs(1))
	}
	if !strings.Contains(s.detail.Text, "moments ago") {
		t.Errorf("detail = %q", s.detail.Text)
	}
}

func TestReminderBadge(t *testing.T) {
	now := time.Now()
	plants := testPlants(now)
	plants[2].LastWatered = now.Add(-plants[2].Every)
	s, _ := newTestScheduler(t, plants)
	s.Start()

	for range 30 {
		time.Sleep(2 * time.Millisecond)
		test.Tap(s.refreshBtn)
	}
	if got := s.badge.Text; got != "1 plant needs water" {
		t.Errorf("badge = %q", got)
	}
	s.DismissAlerts()
	if s.badge.Text != "" {
		t.Errorf("badge after dismiss = %q", s.badge.Text)
	}
}

func TestMoistureProbeUpdatesDetails(t *testing.T) {
	s, _ := newTestScheduler(t, testPlants(time.Now()), WithReminders(false))
	s.list.Select(0)
	probe := sensor.NewPoller(sensor.NewScript(map[int][]float64{1: {0.5, 0.4, 0.3, 0.2, 0.1}}), 2*time.Millisecond, 1)
	if err := s.AttachMoistureProbe(probe); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		time.Sleep(2 * time.Millisecond)
		test.Tap(s.refreshBtn)
	}
	probe.Stop()
	s.refresh()
	if !strings.Contains(s.detail.Text, "10% (dry)") {
		t.Errorf("detail = %q", s.detail.Text)
	}
}
