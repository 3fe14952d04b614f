package garage

import (
	"context"
	"time"

	"example.com/corpus/trial-fw20o/apps/garage/billing"
)

// PlateReader classifies a vehicle from its licence plate.
type PlateReader interface {
	Classify(ctx context.Context, plate string) (VehicleClass, error)
}

// ChargerPool hands out charging points for EV bays.
type ChargerPool interface {
	Reserve(ctx context.Context, spotID string) (string, error)
}

// Config describes a garage.
type Config struct {
	Name   string
	Levels []LevelLayout
	Tariff billing.Tariff

	Gateway  billing.Gateway
	Plates   PlateReader
	Chargers ChargerPool

	// ExitGrace is how long a paid ticket stays valid for leaving.
	ExitGrace time.Duration
	// MaxStay flags tickets older than this on every sweep.
	MaxStay time.Duration
	// SweepEvery is the overstay sweep interval; zero disables sweeping.
	SweepEvery time.Duration
	// LookupTimeout bounds calls to external services.
	LookupTimeout time.Duration
	// Clock returns the current time.
	Clock func() time.Time
}

func (c Config) withDefaults() Config {
	if c.Name == "" {
		c.Name = "garage"
	}
	if c.Tariff.HourlyCents == nil {
		c.Tariff = billing.StandardTariff()
	}
	if c.ExitGrace == 0 {
		c.ExitGrace = 15 * time.Minute
	}
	if c.MaxStay == 0 {
		c.MaxStay = 72 * time.Hour
	}
	if c.LookupTimeout == 0 {
		c.LookupTimeout = 2 * time.Second
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
	return c
}
