package schedule

import (
	"strings"
	"testing"
	"time"
)

func TestPlanSerialisesZonesAndSkipsQuietHours(t *testing.T) {
	from := time.Date(2024, 7, 1, 6, 0, 0, 0, time.UTC)
	quiet := Window{Start: 11 * time.Hour, End: 16 * time.Hour}
	specs := []Spec{
		{ID: "basil", Zone: 1, Every: 12 * time.Hour, Last: from.Add(-13 * time.Hour), Volume: 300, Flow: 5},
		{ID: "fern", Zone: 2, Every: 24 * time.Hour, Last: from.Add(-30 * time.Hour), Volume: 600, Flow: 10},
		{ID: "cactus", Zone: 3, Every: 0, Volume: 50, Flow: 5},
	}
	plan := Plan(specs, from, 24*time.Hour, quiet)
	if len(plan) != 3 {
		t.Fatalf("plan = %+v", plan)
	}
	if plan[0].ID != "basil" || !plan[0].Start.Equal(from) || plan[0].Duration != time.Minute {
		t.Errorf("first slot = %+v", plan[0])
	}
	if plan[1].ID != "fern" || !plan[1].Start.Equal(from.Add(time.Minute)) {
		t.Errorf("second slot = %+v", plan[1])
	}
	if plan[2].ID != "basil" || plan[2].Start.Hour() != 18 {
		t.Errorf("third slot = %+v", plan[2])
	}
	var b strings.Builder
	if err := WriteCSV(&b, plan); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "id,zone,start,seconds,ml\nbasil,1,2024-07-01T06:00:00Z,60,300\n") {
		t.Errorf("csv:\n%s", b.String())
	}
}

func TestWindowWrapsMidnight(t *testing.T) {
	w := Window{Start: 22 * time.Hour, End: 5 * time.Hour}
	night := time.Date(2024, 7, 1, 23, 30, 0, 0, time.UTC)
	if !w.Contains(night) || w.Contains(night.Add(7*time.Hour)) {
		t.Error("wrap-around window wrong")
	}
	if got := w.after(night); got.Hour() != 5 || got.Day() != 2 {
		t.Errorf("after = %v", got)
	}
}
