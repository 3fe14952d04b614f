package loandesk

import (
	"testing"
	"time"
)

func TestLateFee(t *testing.T) {
	p := DefaultPolicy()
	cases := []struct {
		late time.Duration
		want int
	}{
		{0, 0},
		{-time.Hour, 0},
		{time.Minute, 25},
		{24 * time.Hour, 25},
		{25 * time.Hour, 50},
		{100 * 24 * time.Hour, 1000},
	}
	for _, tc := range cases {
		if got := p.lateFee(tc.late); got != tc.want {
			t.Errorf("lateFee(%v) = %d, want %d", tc.late, got, tc.want)
		}
	}
}
