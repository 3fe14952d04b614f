// Package fares prices ferry crossings. A Table can be updated by the
// revenue team while booking offices keep quoting from it.
package fares

import (
	"fmt"
	"sync"
	"time"
)

// Money is an amount in pence.
type Money int64

func (m Money) String() string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	return fmt.Sprintf("%s£%d.%02d", sign, m/100, m%100)
}

// VehicleKind groups vehicles into price bands.
type VehicleKind int

// Vehicle kinds.
const (
	Car VehicleKind = iota
	Van
	Motorbike
	Coach
	Lorry
)

// Party counts the passengers travelling together.
type Party struct {
	Adults   int
	Children int
	Seniors  int
}

// Size is the total head count.
func (p Party) Size() int { return p.Adults + p.Children + p.Seniors }

// Vehicle is a vehicle taking lane space.
type Vehicle struct {
	Reg     string
	Kind    VehicleKind
	LengthM float64
}

// Tariff is the price list for one route.
type Tariff struct {
	Adult       Money
	Child       Money
	Senior      Money
	CarUpTo5m   Money
	PerExtraM   Money
	Motorbike   Money
	PeakPercent int
}

// Table holds tariffs by route code.
type Table struct {
	mu      sync.RWMutex
	tariffs map[string]Tariff
	version int
}

// NewTable returns a table seeded with tariffs.
func NewTable(seed map[string]Tariff) *Table {
	t := &Table{tariffs: make(map[string]Tariff, len(seed))}
	for k, v := range seed {
		t.tariffs[k] = v
	}
	return t
}

// Set replaces the tariff for a route.
func (t *Table) Set(route string, tf Tariff) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tariffs[route] = tf
	t.version++
}

// Version counts updates, for cache invalidation.
func (t *Table) Version() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.version
}

// Price quotes a crossing.
func (t *Table) Price(route string, party Party, v *Vehicle, departs time.Time) (Money, error) {
	t.mu.RLock()
	tf, ok := t.tariffs[route]
	t.mu.RUnlock()
	if !ok {
		return 0, fmt.Errorf("fares: no tariff for route %s", route)
	}
	total := Money(party.Adults)*tf.Adult + Money(party.Children)*tf.Child + Money(party.Seniors)*tf.Senior
	if v != nil {
		total += vehiclePrice(tf, *v)
	}
	if isPeak(departs) {
		total += total * Money(tf.PeakPercent) / 100
	}
	return total, nil
}

func vehiclePrice(tf Tariff, v Vehicle) Money {
	switch v.Kind {
	case Motorbike:
		return tf.Motorbike
	default:
		price := tf.CarUpTo5m
		if extra := v.LengthM - 5; extra > 0 {
			price += Money(extra+0.999) * tf.PerExtraM
		}
		return price
	}
}

func isPeak(t time.Time) bool {
	switch t.Weekday() {
	case time.Friday, time.Saturday:
		return t.Hour() >= 7 && t.Hour() < 19
	}
	return t.Hour() >= 7 && t.Hour() < 9
}
