package bloodbank

import (
	"time"

	"example.com/corpus/trial-fw23r/apps/bloodbank/stock"
)

// CheckIn registers a unit coming back from a donor session.
type CheckIn struct {
	UnitID    string
	Type      stock.BloodType
	Component stock.Component
	DonorID   string
	Collected time.Time
}

// Reserve asks for units for a patient at a hospital.
type Reserve struct {
	Hospital  string
	Recipient stock.BloodType
	Component stock.Component
	Units     int
}

// HoldInfo describes a hold that was placed.
type HoldInfo struct {
	ID      string
	UnitIDs []string
	Expires time.Time
}

// Issue releases the units of a hold to the courier.
type Issue struct {
	HoldID string
}

// Dispatch is the note that travels with issued units.
type Dispatch struct {
	HoldID string
	Units  []stock.Unit
}

// CancelHold gives the units of a hold back.
type CancelHold struct {
	HoldID string
}

// Discard takes a unit out of use.
type Discard struct {
	UnitID string
	Reason string
}

// LevelsQuery asks for current red-cell levels.
type LevelsQuery struct{}

// StatsQuery asks for the running totals.
type StatsQuery struct{}

// RejectionsQuery asks why units were discarded.
type RejectionsQuery struct{}

type screeningDone struct {
	result ScreenResult
	err    error
}

type sweepTick struct{}

type drainRequest struct{}
