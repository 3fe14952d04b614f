package solarlog

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

var day = time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)

// panelLog writes a day of 10-minute samples between 08:00 and 16:00 for
// one panel at the given current and temperature.
func panelLog(panel string, amps, temp float64, skip func(h, m int) bool) string {
	var b strings.Builder
	b.WriteString("# inverter export\n")
	for h := 8; h < 16; h++ {
		for m := 0; m < 60; m += 10 {
			if skip != nil && skip(h, m) {
				continue
			}
			at := day.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
			fmt.Fprintf(&b, "%s,%s,40,%.1f,%.1f\n", at.Format(time.RFC3339), panel, amps, temp)
		}
	}
	return b.String()
}

func siteLogs() []LogFile {
	return []LogFile{
		{"inv1.csv", panelLog("P1", 5, 40, nil) + "garbage line\n"},
		{"inv2.csv", panelLog("P2", 5, 80, nil)},
		{"inv3.csv", panelLog("P3", 2, 40, nil)},
		{"inv4.csv", panelLog("P4", 5, 40, func(h, _ int) bool { return h == 11 })},
	}
}

func hotLogs() []LogFile {
	return []LogFile{
		{"inv1.csv", panelLog("P1", 5, 90, nil)},
		{"inv2.csv", panelLog("P2", 5, 91, nil)},
		{"inv3.csv", panelLog("P3", 5, 92, nil)},
	}
}

func TestParseLine(t *testing.T) {
	r, err := ParseLine("2024-06-01T12:00:00Z,P1,40,5,41.5")
	if err != nil {
		t.Fatal(err)
	}
	if r.Panel != "P1" || r.Watts() != 200 || r.TempC != 41.5 {
		t.Fatalf("reading = %+v", r)
	}
	if _, err := ParseLine("2024-06-01T12:00:00Z,P1,40,x,41.5"); !errors.Is(err, ErrBadLine) {
		t.Fatalf("err = %v", err)
	}
}

func TestIngestAndReport(t *testing.T) {
	a := New()
	if err := a.Ingest(context.Background(), siteLogs()); err != nil {
		t.Fatal(err)
	}
	if a.Rejected() != 1 {
		t.Fatalf("rejected = %d", a.Rejected())
	}
	days := a.Days()
	if len(days) != 1 || !days[0].Equal(day) {
		t.Fatalf("days = %v", days)
	}
	rep := a.Report(day)
	if len(rep.Panels) != 4 {
		t.Fatalf("panels = %d", len(rep.Panels))
	}
	// 200 W for 7h50m of samples.
	if got := rep.Panels[0].WattHrs; math.Abs(got-1566.67) > 0.1 {
		t.Fatalf("P1 energy = %.2f", got)
	}
}

func TestSurveyCountsLines(t *testing.T) {
	a := New()
	if n := a.Survey(siteLogs()); n <= 0 {
		t.Fatalf("lines = %d", n)
	}
}

func TestDetectSingleFault(t *testing.T) {
	a := New()
	logs := []LogFile{
		{"inv1.csv", panelLog("P1", 5, 40, nil)},
		{"inv2.csv", panelLog("P2", 5, 40, func(h, _ int) bool { return h == 12 })},
		{"inv3.csv", panelLog("P3", 5, 40, nil)},
	}
	if err := a.Ingest(context.Background(), logs); err != nil {
		t.Fatal(err)
	}
	faults := a.DetectFaults(day)
	if len(faults) != 1 || faults[0].Panel != "P2" || faults[0].Kind != Dropout {
		t.Fatalf("faults = %+v", faults)
	}
}

func TestDetectFaultsAllHot(t *testing.T) {
	a := New()
	if err := a.Ingest(context.Background(), hotLogs()); err != nil {
		t.Fatal(err)
	}
	if faults := a.DetectFaults(day); len(faults) == 0 {
		t.Fatal("no faults")
	}
}

func TestPanelHealth(t *testing.T) {
	a := New()
	if err := a.Ingest(context.Background(), siteLogs()); err != nil {
		t.Fatal(err)
	}
	h := a.PanelHealth(day)
	if h["P1"] != 1 || h["P2"] != 0 || len(h) != 4 {
		t.Fatalf("health = %v", h)
	}
}

func TestCalibrationUsedByReport(t *testing.T) {
	a := New(WithCalibration(func() (float64, float64, error) { return 0.5, 0, nil }))
	if a.Gain() != 0.5 {
		t.Fatalf("gain = %v", a.Gain())
	}
	if err := a.Ingest(context.Background(), siteLogs()[:1]); err != nil {
		t.Fatal(err)
	}
	if got := a.Report(day).TotalWh; math.Abs(got-783.33) > 0.1 {
		t.Fatalf("total = %.2f", got)
	}
}

func TestCalibrationAge(t *testing.T) {
	a := New(WithCalibration(func() (float64, float64, error) { return 0.98, 1.5, nil }))
	time.Sleep(20 * time.Millisecond)
	if a.CalibrationAge() < 0 {
		t.Fatal("negative age")
	}
}

type flakySink struct {
	calls atomic.Int32
	fails int32
}

func (s *flakySink) Send(_ context.Context, _ DailyReport) error {
	if s.calls.Add(1) <= s.fails {
		return errors.New("portal unavailable")
	}
	return nil
}

func TestPublishRetries(t *testing.T) {
	a := New()
	a.Publish(context.Background(), &flakySink{fails: 1}, DailyReport{Day: day})
	time.Sleep(30 * time.Millisecond)
	if err := a.PublishErr(); err != nil {
		t.Fatal(err)
	}
}

func TestPublishAsync(t *testing.T) {
	a := New()
	sink := &flakySink{fails: 5}
	if err := <-a.PublishAsync(context.Background(), sink, DailyReport{Day: day}); err == nil {
		t.Fatal("expected failure")
	}
	if sink.calls.Load() != 3 {
		t.Fatalf("calls = %d", sink.calls.Load())
	}
}
