// Package marina schedules berths for visiting vessels, built as an Ergo
// gen.Server.
package marina

import (
	"errors"
	"fmt"
	"sort"
	"time"
)

// Berth is a pontoon or alongside berth.
type Berth struct {
	ID         string
	Pontoon    string
	Length     float64 // metres
	ChartDepth float64 // metres below chart datum
	ShorePower bool
	Occupant   string
	Until      time.Time
}

// Vessel is a visiting boat.
type Vessel struct {
	Name     string
	LOA      float64
	Draft    float64
	Power    bool
	Nights   int
	Arrived  time.Time
	Cleared  bool
	Pilot    string
	BerthID  string
	Invoiced int
}

// BerthView is a detached copy of a berth for display.
type BerthView struct {
	ID, Pontoon, Occupant string
	Length                float64
	Until                 time.Time
}

// VesselView is a detached copy of a vessel's status.
type VesselView struct {
	Name, Berth, Pilot string
	Cleared            bool
	Nights             int
}

var (
	ErrNoBerth     = errors.New("marina: no suitable berth")
	ErrUnknownBoat = errors.New("marina: unknown vessel")
	ErrAlreadyHere = errors.New("marina: vessel already berthed")
)

// NightlyRate is the fee per metre per night, in cents.
const NightlyRate = 320

// Fits reports whether the vessel can lie at the berth with the given usable depth.
func (b *Berth) Fits(v *Vessel, depth float64) bool {
	if b.Occupant != "" || v.LOA > b.Length || v.Draft > depth {
		return false
	}
	return !v.Power || b.ShorePower
}

// chooseBerth picks the smallest free berth that fits, to keep long berths free.
func chooseBerth(berths []*Berth, v *Vessel, depthOf func(*Berth) float64) (*Berth, error) {
	var fit []*Berth
	for _, b := range berths {
		if b.Fits(v, depthOf(b)) {
			fit = append(fit, b)
		}
	}
	if len(fit) == 0 {
		return nil, fmt.Errorf("%w for %s (LOA %.1fm, draft %.1fm)", ErrNoBerth, v.Name, v.LOA, v.Draft)
	}
	sort.Slice(fit, func(i, j int) bool {
		if fit[i].Length != fit[j].Length {
			return fit[i].Length < fit[j].Length
		}
		return fit[i].ID < fit[j].ID
	})
	return fit[0], nil
}

// Invoice is the berthing fee for a stay.
func Invoice(v *Vessel, withPower bool) int {
	fee := int(v.LOA*NightlyRate) * v.Nights
	if withPower {
		fee += 450 * v.Nights
	}
	return fee
}
