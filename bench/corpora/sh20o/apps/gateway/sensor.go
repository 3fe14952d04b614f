package gateway

import "time"

// Health is a sensor's condition.
type Health int

const (
	HealthUnknown Health = iota
	HealthOK
	HealthAlarm
	HealthStale
)

func (h Health) String() string {
	return [...]string{"unknown", "ok", "alarm", "stale"}[h]
}

type sensor struct {
	id   string
	kind string
	unit string

	window []float64
	head   int
	count  int

	last     Reading
	cal      Calibration
	health   Health
	alarms   int
	watchdog *time.Timer
}

func newSensor(id, kind, unit string, window int) *sensor {
	if window < 1 {
		window = 1
	}
	return &sensor{id: id, kind: kind, unit: unit, window: make([]float64, window), cal: Identity}
}

// push adds v to the rolling window, overwriting the oldest value once full.
func (s *sensor) push(v float64) {
	s.window[s.head] = v
	s.head = (s.head + 1) % len(s.window)
	if s.count < len(s.window) {
		s.count++
	}
}

// values returns the filled part of the window in storage order.
func (s *sensor) values() []float64 {
	return s.window[:s.count]
}

// ordered returns a copy of the window, oldest first.
func (s *sensor) ordered() []float64 {
	out := make([]float64, 0, s.count)
	start := (s.head - s.count + len(s.window)) % len(s.window)
	for i := range s.count {
		out = append(out, s.window[(start+i)%len(s.window)])
	}
	return out
}

// SensorView is a copy of a sensor's state.
type SensorView struct {
	ID          string      `json:"id"`
	Kind        string      `json:"kind"`
	Unit        string      `json:"unit"`
	Health      string      `json:"health"`
	Last        Reading     `json:"last"`
	Recent      []float64   `json:"recent"`
	Calibration Calibration `json:"calibration"`
	Alarms      int         `json:"alarms"`
}

func (s *sensor) view() SensorView {
	return SensorView{
		ID:          s.id,
		Kind:        s.kind,
		Unit:        s.unit,
		Health:      s.health.String(),
		Last:        s.last,
		Recent:      s.ordered(),
		Calibration: s.cal,
		Alarms:      s.alarms,
	}
}
