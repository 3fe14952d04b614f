package transfer

import (
	"testing"
	"time"
)

func TestMeterRateAndETA(t *testing.T) {
	t0 := time.Unix(1000, 0)
	m := NewMeter(10_000, t0)
	m.Sample(t0)
	m.Add(2_000)
	m.Sample(t0.Add(time.Second))
	m.Add(2_000)
	m.Sample(t0.Add(2 * time.Second))
	if got := m.Rate(); got != 2_000 {
		t.Fatalf("rate = %v", got)
	}
	if got := m.ETA(); got != 3*time.Second {
		t.Fatalf("eta = %v", got)
	}
	if got := m.Fraction(); got != 0.4 {
		t.Fatalf("fraction = %v", got)
	}
}

func TestUnknownSize(t *testing.T) {
	m := NewMeter(0, time.Now())
	m.Add(10)
	if m.Fraction() != -1 || m.ETA() != -1 {
		t.Fatal("unknown size should not estimate")
	}
}

func TestFormat(t *testing.T) {
	cases := map[int64]string{512: "512 B", 1536: "1.5 KiB", 5 << 20: "5.0 MiB"}
	for n, want := range cases {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
	if got := Bar(0.5, 4); got != "██░░" {
		t.Errorf("Bar = %q", got)
	}
}
