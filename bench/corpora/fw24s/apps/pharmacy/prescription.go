// Package pharmacy implements a refill counter for a retail pharmacy on top of
// the protoactor actor model.
package pharmacy

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Schedule is a controlled-substance schedule class.
type Schedule int

const (
	Unscheduled Schedule = iota
	ScheduleII
	ScheduleIII
	ScheduleIV
)

// Prescription is a refillable order for one drug.
type Prescription struct {
	ID             string
	Patient        string
	Drug           string
	NDC            string
	Quantity       int
	RefillsLeft    int
	DaysSupply     int
	Schedule       Schedule
	LastFilled     time.Time
	Copay          int // cents
	ClaimStatus    string
	RemindersSent  int
	PickedUp       bool
	FillsCompleted int
}

var (
	ErrNoRefills     = errors.New("pharmacy: no refills remaining")
	ErrTooEarly      = errors.New("pharmacy: refill requested too early")
	ErrUnknownRx     = errors.New("pharmacy: unknown prescription")
	ErrNotRefillable = errors.New("pharmacy: schedule II prescriptions cannot be refilled")
)

// Validate checks the static fields of a prescription.
func (p *Prescription) Validate() error {
	switch {
	case strings.TrimSpace(p.ID) == "":
		return errors.New("pharmacy: prescription id required")
	case p.Quantity <= 0:
		return fmt.Errorf("pharmacy: %s: quantity must be positive", p.ID)
	case p.DaysSupply <= 0:
		return fmt.Errorf("pharmacy: %s: days supply must be positive", p.ID)
	}
	return nil
}

// EarliestRefill returns the first day a refill may be dispensed; insurers
// allow a refill once 75% of the previous supply has been used.
func (p *Prescription) EarliestRefill() time.Time {
	if p.LastFilled.IsZero() {
		return time.Time{}
	}
	allowed := time.Duration(p.DaysSupply) * 24 * time.Hour * 3 / 4
	return p.LastFilled.Add(allowed)
}

// CheckRefill reports whether the prescription can be refilled at now.
func (p *Prescription) CheckRefill(now time.Time) error {
	if p.Schedule == ScheduleII && p.FillsCompleted > 0 {
		return ErrNotRefillable
	}
	if p.FillsCompleted > 0 && p.RefillsLeft <= 0 {
		return ErrNoRefills
	}
	if e := p.EarliestRefill(); !e.IsZero() && now.Before(e) {
		return fmt.Errorf("%w: earliest %s", ErrTooEarly, e.Format("2006-01-02"))
	}
	return nil
}

// dispense records a completed fill.
func (p *Prescription) dispense(now time.Time) {
	if p.FillsCompleted > 0 {
		p.RefillsLeft--
	}
	p.FillsCompleted++
	p.LastFilled = now
	p.PickedUp = false
}

// Label renders the bag label printed for a fill.
func (p Prescription) Label() string {
	return fmt.Sprintf("%s | %s x%d | %d refills left | copay $%d.%02d",
		p.Patient, p.Drug, p.Quantity, p.RefillsLeft, p.Copay/100, p.Copay%100)
}
