package lockers

import (
	"context"
	"fmt"
	"time"

	"example.com/corpus/trial-sh23r/internal/workers"
)

// DoorSensor reports whether a compartment door is physically closed.
type DoorSensor interface {
	Closed(ctx context.Context, locker string) (bool, error)
}

type okDoors struct{}

func (okDoors) Closed(context.Context, string) (bool, error) { return true, nil }

// SetDoorSensor installs the door sensor. Call it before Start.
func (b *Bank) SetDoorSensor(d DoorSensor) { b.doors = d }

// AuditResult lists compartments whose doors were found open.
type AuditResult struct {
	Checked int      `json:"checked"`
	Open    []string `json:"open"`
	Blocked []string `json:"blocked"`
}

type probe struct {
	c      *Compartment
	status Status
}

// Audit probes every door in parallel and blocks compartments whose door is
// open while they should hold a parcel.
func (b *Bank) Audit(ctx context.Context) (AuditResult, error) {
	var res AuditResult
	var err error
	if cerr := b.call(func() { res, err = b.audit(ctx) }); cerr != nil {
		return res, cerr
	}
	return res, err
}

func (b *Bank) audit(ctx context.Context) (AuditResult, error) {
	probes := make([]probe, len(b.compartments))
	for i, c := range b.compartments {
		probes[i] = probe{c: c, status: c.status}
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	closed, err := workers.Map(ctx, 4, probes, func(ctx context.Context, p probe) (bool, error) {
		ok, err := b.doors.Closed(ctx, p.c.ID)
		if err != nil {
			return false, fmt.Errorf("door %s: %w", p.c.ID, err)
		}
		return ok, nil
	})
	res := AuditResult{Checked: len(probes)}
	for i, p := range probes {
		if closed[i] {
			continue
		}
		res.Open = append(res.Open, p.c.ID)
		if p.status == StatusOccupied {
			p.c.status = StatusBlocked
			res.Blocked = append(res.Blocked, p.c.ID)
		}
	}
	return res, err
}
