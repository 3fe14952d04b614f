package fares

import (
	"testing"
	"time"
)

func TestPrice(t *testing.T) {
	tb := NewTable(map[string]Tariff{"DVC": {Adult: 3000, Child: 1500, Senior: 2500, CarUpTo5m: 6000, PerExtraM: 1000, Motorbike: 2000, PeakPercent: 10}})
	offPeak := time.Date(2031, 4, 8, 13, 0, 0, 0, time.UTC) // Tuesday afternoon
	peak := time.Date(2031, 4, 11, 13, 0, 0, 0, time.UTC)   // Friday afternoon

	got, err := tb.Price("DVC", Party{Adults: 2, Children: 1}, &Vehicle{Kind: Van, LengthM: 6.2}, offPeak)
	if err != nil {
		t.Fatal(err)
	}
	if want := Money(2*3000 + 1500 + 6000 + 2*1000); got != want {
		t.Fatalf("off-peak = %v, want %v", got, want)
	}
	got, _ = tb.Price("DVC", Party{Adults: 1}, &Vehicle{Kind: Motorbike}, peak)
	if want := Money((3000 + 2000) * 110 / 100); got != want {
		t.Fatalf("peak = %v, want %v", got, want)
	}
	if _, err := tb.Price("XXX", Party{Adults: 1}, nil, peak); err == nil {
		t.Fatal("priced an unknown route")
	}
	if s := Money(-1234).String(); s != "-£12.34" {
		t.Fatalf("String = %q", s)
	}
}
