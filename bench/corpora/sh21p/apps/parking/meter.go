package parking

import (
	"fmt"
	"strconv"
	"time"
)

// MeterStatus is what a meter's lamp shows.
type MeterStatus int

const (
	StatusFree MeterStatus = iota
	StatusPaid
	StatusExpired
	StatusViolation
	StatusOffline
)

func (s MeterStatus) String() string {
	switch s {
	case StatusFree:
		return "free"
	case StatusPaid:
		return "paid"
	case StatusExpired:
		return "expired"
	case StatusViolation:
		return "violation"
	case StatusOffline:
		return "offline"
	}
	return "status(" + strconv.Itoa(int(s)) + ")"
}

// Meter is one parking bay's meter.
type Meter struct {
	ID      string
	Zone    string
	Status  MeterStatus
	Battery int

	lowAlerted   bool
	wardenCalled bool
	unwatch      func()
}

// observe applies a telemetry reading.
func (m *Meter) observe(r Reading) {
	m.Battery = r.Battery // RACY
}

// Session is a car parked at a meter.
type Session struct {
	ID    string
	Meter string
	Plate string
	Start time.Time
	Paid  time.Duration
	Owed  int64

	expired      bool
	paidAtExpiry time.Duration
	grace        *time.Timer
}

func (s *Session) expiresAt() time.Time { return s.Start.Add(s.Paid) }

func extendSession(s *Session, d time.Duration) {
	s.Paid += d // RACY
}

// MeterView is a copy of a meter's state.
type MeterView struct {
	ID          string `json:"id"`
	Zone        string `json:"zone"`
	Status      string `json:"status"`
	Battery     int    `json:"battery"`
	Plate       string `json:"plate,omitempty"`
	PaidMinutes int    `json:"paid_minutes,omitempty"`
	OwedCents   int64  `json:"owed_cents,omitempty"`
}

// Receipt is issued when a session ends.
type Receipt struct {
	Session string        `json:"session"`
	Plate   string        `json:"plate"`
	Zone    string        `json:"zone"`
	Parked  time.Duration `json:"parked"`
	Cents   int64         `json:"cents"`
}

func (r Receipt) String() string {
	return fmt.Sprintf("%s parked %s in zone %s: %d.%02d", r.Plate, r.Parked.Round(time.Minute), r.Zone, r.Cents/100, r.Cents%100)
}

// Citation is raised when a car overstays its grace period.
type Citation struct {
	Meter string    `json:"meter"`
	Plate string    `json:"plate"`
	Zone  string    `json:"zone"`
	At    time.Time `json:"at"`
}
