package dispatch

import (
	"testing"
	"time"
)

func TestUnansweredOfferIsWithdrawn(t *testing.T) {
	d := newTestDispatcher(t, WithOfferTimeout(10*time.Millisecond))
	onlineDriver(t, d, "sleepy", Standard, tiergarten)
	requestFrom(t, d, "max", centralStation, alexanderplatz)

	expired := waitFor(t, 2*time.Second, func() bool {
		st, err := d.Stats()
		return err == nil && st.Expired == 1
	})
	if !expired {
		t.Fatal("offer never expired")
	}
	for range 10 {
		_, _ = d.Stats()
		time.Sleep(time.Millisecond)
	}
}
