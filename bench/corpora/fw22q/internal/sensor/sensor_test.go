package sensor

import (
	"sync"
	"testing"
	"time"
)

func TestPollerDeliversScriptedReadings(t *testing.T) {
	probe := NewScript(map[int][]float64{1: {0.5, 0.4, 0.3}, 2: {20}})
	p := NewPoller(probe, time.Millisecond, 1, 2, 3)
	var mu sync.Mutex
	got := map[int][]float64{}
	errs := 0
	p.OnError(func(int, error) { mu.Lock(); errs++; mu.Unlock() })
	if err := p.Start(func(r Reading) {
		mu.Lock()
		got[r.Channel] = append(got[r.Channel], r.Value)
		mu.Unlock()
	}); err != nil {
		t.Fatal(err)
	}
	if err := p.Start(func(Reading) {}); err != ErrRunning {
		t.Errorf("second start: %v", err)
	}
	time.Sleep(20 * time.Millisecond)
	p.Stop()
	p.Stop()
	if len(got[1]) < 3 || got[1][0] != 0.5 || got[1][2] != 0.3 || got[1][len(got[1])-1] != 0.3 {
		t.Errorf("channel 1: %v", got[1])
	}
	if errs == 0 {
		t.Error("missing channel did not report errors")
	}
}

func TestStrapNotifiesSubscribers(t *testing.T) {
	s := NewStrap(Steady(140, 5), time.Millisecond)
	var mu sync.Mutex
	n := 0
	s.Subscribe(func(bpm int) {
		mu.Lock()
		n += bpm
		mu.Unlock()
	})
	s.Connect()
	time.Sleep(20 * time.Millisecond)
	s.Disconnect()
	if n != 700 {
		t.Errorf("sum = %d", n)
	}
}
