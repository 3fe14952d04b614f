package dispatch

import (
	"math"
	"sync"
	"time"
)

// Pricing is the fare schedule.
type Pricing struct {
	Currency    string
	BaseFare    float64
	PerKm       float64
	PerMinute   float64
	MinimumFare float64
	ClassFactor map[VehicleClass]float64
}

// DefaultPricing is a typical city fare schedule.
func DefaultPricing() Pricing {
	return Pricing{
		Currency:    "EUR",
		BaseFare:    2.50,
		PerKm:       1.10,
		PerMinute:   0.25,
		MinimumFare: 6.00,
		ClassFactor: map[VehicleClass]float64{Standard: 1, XL: 1.4, Premium: 1.9},
	}
}

// Fare is a priced trip.
type Fare struct {
	Amount     float64 `json:"amount"`
	Currency   string  `json:"currency"`
	Surge      float64 `json:"surge"`
	DistanceKm float64 `json:"distance_km"`
	Minutes    float64 `json:"minutes"`
}

// Quote prices a trip between two points.
func (p Pricing) Quote(from, to Point, class VehicleClass, speedKmh, surge float64) Fare {
	km := DistanceKm(from, to)
	minutes := TravelTime(from, to, speedKmh).Minutes()
	factor := p.ClassFactor[class]
	if factor == 0 {
		factor = 1
	}
	if surge < 1 {
		surge = 1
	}
	amount := (p.BaseFare + km*p.PerKm + minutes*p.PerMinute) * factor * surge
	amount = math.Max(amount, p.MinimumFare)
	return Fare{
		Amount:     math.Round(amount*100) / 100,
		Currency:   p.Currency,
		Surge:      surge,
		DistanceKm: math.Round(km*100) / 100,
		Minutes:    math.Round(minutes*10) / 10,
	}
}

// SurgeTable holds demand multipliers per zone. It is fed by the pricing
// service and read by dispatch and the quote endpoint.
type SurgeTable struct {
	mu      sync.RWMutex
	zones   map[string]float64
	updated time.Time
	ceiling float64
}

// NewSurgeTable returns an empty table whose multipliers are capped at
// ceiling.
func NewSurgeTable(ceiling float64) *SurgeTable {
	if ceiling < 1 {
		ceiling = 1
	}
	return &SurgeTable{zones: make(map[string]float64), ceiling: ceiling}
}

// Set records the multiplier for the zone containing p.
func (s *SurgeTable) Set(p Point, mult float64) {
	mult = math.Min(math.Max(mult, 1), s.ceiling)
	s.mu.Lock()
	defer s.mu.Unlock()
	if mult == 1 {
		delete(s.zones, zoneOf(p))
	} else {
		s.zones[zoneOf(p)] = mult
	}
	s.updated = time.Now()
}

// Multiplier returns the surge multiplier at p.
func (s *SurgeTable) Multiplier(p Point) float64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if m, ok := s.zones[zoneOf(p)]; ok {
		return m
	}
	return 1
}

// Zones reports how many zones currently surge.
func (s *SurgeTable) Zones() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.zones)
}
