package garage

import (
	"errors"
	"time"
)

var (
	// ErrFull is returned when no bay fits the vehicle.
	ErrFull = errors.New("garage: no vacant bay")
	// ErrUnknownTicket is returned for tickets the garage did not issue.
	ErrUnknownTicket = errors.New("garage: unknown ticket")
	// ErrUnpaid is returned when leaving without a valid payment.
	ErrUnpaid = errors.New("garage: ticket not paid")
	// ErrAlreadyInside is returned when a plate enters twice.
	ErrAlreadyInside = errors.New("garage: vehicle already inside")
)

// Enter is sent by the entry barrier.
type Enter struct {
	Plate string
	Size  SpotSize
	EV    bool
}

// EnterResult is the answer to Enter.
type EnterResult struct {
	TicketID string
	SpotID   string
}

// Pay starts payment of a ticket at a pay station.
type Pay struct {
	TicketID string
}

// Exit is sent by the exit barrier.
type Exit struct {
	TicketID string
}

// ExitResult is the answer to Exit.
type ExitResult struct {
	SpotID      string
	AmountCents int64
}

// Reserve holds a bay for a pre-booked vehicle.
type Reserve struct {
	Plate string
	Size  SpotSize
	Hold  time.Duration
}

// ReserveResult is the answer to Reserve.
type ReserveResult struct {
	SpotID string
}

// Occupancy asks for the bay counts.
type Occupancy struct{}

// OccupancyReport summarises the bays of the garage.
type OccupancyReport struct {
	Total    int
	Occupied int
	Reserved int
	Vacant   int
	PerLevel []int
}

// TicketInfo asks for a ticket summary.
type TicketInfo struct {
	TicketID string
}

type chargerAssigned struct {
	ticketID string
	port     string
	err      error
}

type graceExpired struct {
	ticketID string
}

type sweepTick struct{}
