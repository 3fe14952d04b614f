package plantcare

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// Pump opens a zone's valve and runs the pump until volume ml were
// delivered. It returns the volume actually delivered.
type Pump interface {
	Run(zone, ml int) (int, error)
}

// ErrPumpBusy is returned when another zone is being watered.
var ErrPumpBusy = errors.New("plantcare: pump busy")

// ValveBank drives a pump shared by several valves. Only one valve may be
// open at a time; Run may be called from any goroutine.
type ValveBank struct {
	flow   float64 // ml per second
	speed  float64 // simulation speed-up factor
	zones  int
	sleep  func(time.Duration)
	mu     sync.Mutex
	open   int
	runs   map[int]int
	total  int
	faults map[int]error
}

// NewValveBank creates a bank of zones valves. speed > 1 shortens runs,
// which is handy for demos.
func NewValveBank(zones int, flow, speed float64) *ValveBank {
	if speed <= 0 {
		speed = 1
	}
	return &ValveBank{flow: flow, speed: speed, zones: zones, sleep: time.Sleep, runs: make(map[int]int), faults: make(map[int]error)}
}

// Fail makes every run on zone fail with err (nil clears the fault).
func (v *ValveBank) Fail(zone int, err error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if err == nil {
		delete(v.faults, zone)
		return
	}
	v.faults[zone] = err
}

// Run implements Pump.
func (v *ValveBank) Run(zone, ml int) (int, error) {
	if zone < 1 || zone > v.zones {
		return 0, fmt.Errorf("plantcare: no zone %d", zone)
	}
	v.mu.Lock()
	if err := v.faults[zone]; err != nil {
		v.mu.Unlock()
		return 0, err
	}
	if v.open != 0 {
		v.mu.Unlock()
		return 0, ErrPumpBusy
	}
	v.open = zone
	v.mu.Unlock()

	secs := float64(ml) / v.flow / v.speed
	v.sleep(time.Duration(secs * float64(time.Second)))

	v.mu.Lock()
	defer v.mu.Unlock()
	v.open = 0
	v.runs[zone]++
	v.total += ml
	return ml, nil
}

// Runs is how often zone was watered.
func (v *ValveBank) Runs(zone int) int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.runs[zone]
}

// Delivered is the total volume pumped in ml.
func (v *ValveBank) Delivered() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.total
}
