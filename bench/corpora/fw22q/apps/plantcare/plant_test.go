package plantcare

import (
	"strings"
	"testing"
	"time"
)

func TestPlantDue(t *testing.T) {
	now := time.Date(2024, 7, 1, 8, 0, 0, 0, time.UTC)
	p := &Plant{Name: "Mint", Every: 24 * time.Hour, Threshold: 0.3, Moisture: 0.5, LastWatered: now.Add(-23 * time.Hour)}
	if p.Due(now) {
		t.Error("due an hour early")
	}
	p.applyReading(0.1)
	if !p.Due(now) || !p.Thirsty() {
		t.Error("dry soil should make the plant due")
	}
	p.Paused = true
	if p.Due(now) {
		t.Error("paused plant is due")
	}
	p.applyReading(7)
	if p.Moisture != 1 {
		t.Errorf("moisture not clamped: %v", p.Moisture)
	}
}

func TestDescribe(t *testing.T) {
	now := time.Date(2024, 7, 1, 8, 0, 0, 0, time.UTC)
	p := &Plant{Name: "Mint", Species: "Mentha", Every: 72 * time.Hour, Threshold: 0.3, Moisture: 0.25, LastWatered: now.Add(-3 * time.Hour)}
	got := p.describe(now)
	for _, want := range []string{"Mint — Mentha", "Last watered 3h ago", "Next in 2d", "25% (dry)"} {
		if !strings.Contains(got, want) {
			t.Errorf("describe missing %q:\n%s", want, got)
		}
	}
	p.recordWatering(now, 250)
	if p.TotalML != 250 || !strings.Contains(p.describe(now), "moments ago") {
		t.Errorf("after watering: %s", p.describe(now))
	}
}
