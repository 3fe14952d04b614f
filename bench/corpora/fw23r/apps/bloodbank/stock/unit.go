// Package stock models the physical inventory of a blood bank: donated
// units, the holds placed on them by hospitals, and the rules that decide
// which units may be given to which patients.
package stock

import (
	"fmt"
	"strings"
	"time"
)

// BloodType is an ABO/RhD group such as "O-" or "AB+".
type BloodType string

// The eight ABO/RhD groups handled by the bank.
const (
	ONeg  BloodType = "O-"
	OPos  BloodType = "O+"
	ANeg  BloodType = "A-"
	APos  BloodType = "A+"
	BNeg  BloodType = "B-"
	BPos  BloodType = "B+"
	ABNeg BloodType = "AB-"
	ABPos BloodType = "AB+"
)

// AllTypes lists every group in a stable display order.
var AllTypes = []BloodType{ONeg, OPos, ANeg, APos, BNeg, BPos, ABNeg, ABPos}

// ParseBloodType accepts forms such as "o-", "AB pos" or "B+".
func ParseBloodType(s string) (BloodType, error) {
	norm := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	switch {
	case strings.HasSuffix(norm, "POS"):
		norm = strings.TrimSuffix(norm, "POS") + "+"
	case strings.HasSuffix(norm, "NEG"):
		norm = strings.TrimSuffix(norm, "NEG") + "-"
	}
	for _, t := range AllTypes {
		if string(t) == norm {
			return t, nil
		}
	}
	return "", fmt.Errorf("stock: unknown blood type %q", s)
}

func (t BloodType) abo() string    { return strings.TrimRight(string(t), "+-") }
func (t BloodType) rhPos() bool    { return strings.HasSuffix(string(t), "+") }
func (t BloodType) String() string { return string(t) }

// Component is the product a donation was separated into.
type Component int

// Components tracked by the bank.
const (
	RedCells Component = iota
	Plasma
	Platelets
	WholeBlood
)

var componentNames = [...]string{"red cells", "plasma", "platelets", "whole blood"}

func (c Component) String() string {
	if int(c) < len(componentNames) {
		return componentNames[c]
	}
	return fmt.Sprintf("component(%d)", int(c))
}

// ShelfLife is how long a component stays usable after collection.
func (c Component) ShelfLife() time.Duration {
	switch c {
	case RedCells:
		return 42 * 24 * time.Hour
	case Plasma:
		return 365 * 24 * time.Hour
	case Platelets:
		return 5 * 24 * time.Hour
	default:
		return 35 * 24 * time.Hour
	}
}

// Status is where a unit is in its life cycle.
type Status int

// Unit statuses.
const (
	StatusQuarantine Status = iota
	StatusAvailable
	StatusHeld
	StatusIssued
	StatusExpired
	StatusDiscarded
)

var statusNames = [...]string{"quarantine", "available", "held", "issued", "expired", "discarded"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// Unit is one bag in the fridge.
type Unit struct {
	ID          string
	Type        BloodType
	Component   Component
	DonorID     string
	CollectedAt time.Time
	ExpiresAt   time.Time
	Status      Status
	HoldID      string
}

// NewUnit builds a quarantined unit whose expiry follows from the component.
func NewUnit(id string, t BloodType, c Component, donor string, collected time.Time) *Unit {
	return &Unit{
		ID:          id,
		Type:        t,
		Component:   c,
		DonorID:     donor,
		CollectedAt: collected,
		ExpiresAt:   collected.Add(c.ShelfLife()),
		Status:      StatusQuarantine,
	}
}

// Usable reports whether the unit can still be given at time now.
func (u *Unit) Usable(now time.Time) bool {
	return u.Status == StatusAvailable && now.Before(u.ExpiresAt)
}

// CanDonateTo reports whether red cells of type donor may be given to a
// recipient of type recipient.
func CanDonateTo(donor, recipient BloodType) bool {
	if donor.rhPos() && !recipient.rhPos() {
		return false
	}
	switch donor.abo() {
	case "O":
		return true
	case "A":
		return recipient.abo() == "A" || recipient.abo() == "AB"
	case "B":
		return recipient.abo() == "B" || recipient.abo() == "AB"
	case "AB":
		return recipient.abo() == "AB"
	}
	return false
}

// Substitutes returns the donor groups acceptable for recipient, the exact
// match first and universal O- last so that it is used sparingly.
func Substitutes(recipient BloodType) []BloodType {
	out := []BloodType{recipient}
	for _, t := range AllTypes {
		if t == recipient || t == ONeg {
			continue
		}
		if CanDonateTo(t, recipient) {
			out = append(out, t)
		}
	}
	if recipient != ONeg {
		out = append(out, ONeg)
	}
	return out
}
