package dispatch

import (
	"fmt"
	"strings"
	"time"
)

// VehicleClass is the kind of car a rider asks for. Higher classes can serve
// requests for lower ones.
type VehicleClass int

const (
	Standard VehicleClass = iota
	XL
	Premium
)

var classNames = [...]string{"standard", "xl", "premium"}

func (c VehicleClass) String() string {
	if c < 0 || int(c) >= len(classNames) {
		return fmt.Sprintf("class(%d)", int(c))
	}
	return classNames[c]
}

// ParseVehicleClass parses a class name; the empty string means Standard.
func ParseVehicleClass(s string) (VehicleClass, error) {
	if s == "" {
		return Standard, nil
	}
	for i, n := range classNames {
		if strings.EqualFold(s, n) {
			return VehicleClass(i), nil
		}
	}
	return 0, fmt.Errorf("unknown vehicle class %q", s)
}

// DriverStatus is a driver's availability.
type DriverStatus int

const (
	DriverOffline DriverStatus = iota
	DriverIdle
	DriverOffered
	DriverOnTrip
	DriverPaused
)

func (s DriverStatus) String() string {
	switch s {
	case DriverOffline:
		return "offline"
	case DriverIdle:
		return "idle"
	case DriverOffered:
		return "offered"
	case DriverOnTrip:
		return "on_trip"
	case DriverPaused:
		return "paused"
	}
	return fmt.Sprintf("driver_status(%d)", int(s))
}

// RideStatus is the lifecycle state of a ride request.
type RideStatus int

const (
	RideWaiting RideStatus = iota
	RideOffered
	RideAssigned
	RideCompleted
	RideCancelled
	RideUnserved
)

func (s RideStatus) String() string {
	switch s {
	case RideWaiting:
		return "waiting"
	case RideOffered:
		return "offered"
	case RideAssigned:
		return "assigned"
	case RideCompleted:
		return "completed"
	case RideCancelled:
		return "cancelled"
	case RideUnserved:
		return "unserved"
	}
	return fmt.Sprintf("ride_status(%d)", int(s))
}

// Terminal reports whether no further transitions are possible.
func (s RideStatus) Terminal() bool {
	return s == RideCompleted || s == RideCancelled || s == RideUnserved
}

// Driver is a driver known to the dispatcher.
type Driver struct {
	ID     string
	Name   string
	Class  VehicleClass
	Fix    Fix
	Status DriverStatus
	RideID string
	Trips  int
}

// Ride is a rider's request and its assignment.
type Ride struct {
	ID          string
	Rider       string
	Pickup      Point
	Dropoff     Point
	Class       VehicleClass
	Status      RideStatus
	DriverID    string
	Quote       Fare
	RequestedAt time.Time
	Attempts    int

	declinedBy map[string]bool
}

// RideRequest is what a rider submits.
type RideRequest struct {
	Rider   string `json:"rider"`
	Pickup  Point  `json:"pickup"`
	Dropoff Point  `json:"dropoff"`
	Class   string `json:"class,omitempty"`
}

// RideView is a point-in-time copy of a ride.
type RideView struct {
	ID       string `json:"id"`
	Rider    string `json:"rider"`
	Status   string `json:"status"`
	DriverID string `json:"driver_id,omitempty"`
	Quote    Fare   `json:"quote"`
	Attempts int    `json:"attempts"`
}

func viewRide(r *Ride) RideView {
	return RideView{
		ID:       r.ID,
		Rider:    r.Rider,
		Status:   r.Status.String(),
		DriverID: r.DriverID,
		Quote:    r.Quote,
		Attempts: r.Attempts,
	}
}

// DriverView is a point-in-time copy of a driver.
type DriverView struct {
	ID     string    `json:"id"`
	Name   string    `json:"name"`
	Class  string    `json:"class"`
	Status string    `json:"status"`
	Lat    float64   `json:"lat"`
	Lng    float64   `json:"lng"`
	SeenAt time.Time `json:"seen_at"`
	Trips  int       `json:"trips"`
}

// Stats counts dispatcher activity.
type Stats struct {
	Requested int `json:"requested"`
	Offered   int `json:"offered"`
	Matched   int `json:"matched"`
	Expired   int `json:"expired"`
	Declined  int `json:"declined"`
	Completed int `json:"completed"`
	Cancelled int `json:"cancelled"`
	Unserved  int `json:"unserved"`
}

// EventKind classifies dispatcher events.
type EventKind string

const (
	EventRequested EventKind = "requested"
	EventOffered   EventKind = "offered"
	EventAssigned  EventKind = "assigned"
	EventExpired   EventKind = "expired"
	EventCompleted EventKind = "completed"
	EventCancelled EventKind = "cancelled"
	EventUnserved  EventKind = "unserved"
)

// Event is published for every ride transition.
type Event struct {
	Kind     EventKind
	RideID   string
	DriverID string
	At       time.Time
}
