package billing

import (
	"testing"
	"time"
)

func TestFee(t *testing.T) {
	tr := StandardTariff()
	cases := []struct {
		class string
		stay  time.Duration
		want  int64
	}{
		{"car", 10 * time.Minute, 0},
		{"car", 16 * time.Minute, 300},
		{"car", 2*time.Hour + time.Minute, 900},
		{"van", time.Hour, 450},
		{"bus", time.Hour, 300},
		{"car", 20 * time.Hour, 2400},
		{"car", 25 * time.Hour, 2700},
	}
	for _, tc := range cases {
		if got := tr.Fee(tc.class, tc.stay); got != tc.want {
			t.Errorf("Fee(%s, %v) = %d, want %d", tc.class, tc.stay, got, tc.want)
		}
	}
}

func TestFreeStayIsAuthorizedUpFront(t *testing.T) {
	p := NewPayment("T1", 0)
	if p.Status() != Authorized || p.AuthCode() != "FREE" {
		t.Fatalf("payment = %+v", p)
	}
}
