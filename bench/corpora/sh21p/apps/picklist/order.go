package picklist

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Priority orders work on the floor; higher values are picked first.
type Priority int

const (
	PriorityNormal Priority = iota
	PriorityHigh
	PriorityUrgent
)

func (p Priority) String() string {
	switch p {
	case PriorityNormal:
		return "normal"
	case PriorityHigh:
		return "high"
	case PriorityUrgent:
		return "urgent"
	}
	return "priority(" + strconv.Itoa(int(p)) + ")"
}

// Bin is a storage location: aisle, bay within the aisle and shelf level.
type Bin struct {
	Aisle int `json:"aisle"`
	Bay   int `json:"bay"`
	Level int `json:"level"`
}

func (b Bin) String() string {
	return fmt.Sprintf("A%02d-B%02d-L%d", b.Aisle, b.Bay, b.Level)
}

// ParseBin parses the "A03-B12-L2" form produced by Bin.String.
func ParseBin(s string) (Bin, error) {
	parts := strings.Split(s, "-")
	if len(parts) != 3 {
		return Bin{}, fmt.Errorf("bin %q: want A00-B00-L0", s)
	}
	var b Bin
	for i, prefix := range []string{"A", "B", "L"} {
		if !strings.HasPrefix(parts[i], prefix) {
			return Bin{}, fmt.Errorf("bin %q: part %d should start with %s", s, i+1, prefix)
		}
		n, err := strconv.Atoi(parts[i][1:])
		if err != nil || n < 0 {
			return Bin{}, fmt.Errorf("bin %q: bad number in %q", s, parts[i])
		}
		switch i {
		case 0:
			b.Aisle = n
		case 1:
			b.Bay = n
		case 2:
			b.Level = n
		}
	}
	return b, nil
}

// Line is one SKU to pick from one bin.
type Line struct {
	SKU string `json:"sku"`
	Qty int    `json:"qty"`
	Bin Bin    `json:"bin"`
}

// OrderInput is what clients submit.
type OrderInput struct {
	ID       string    `json:"id"`
	Lines    []Line    `json:"lines"`
	Priority Priority  `json:"priority"`
	Due      time.Time `json:"due"`
}

var (
	ErrNoLines       = errors.New("picklist: order has no lines")
	ErrMissingID     = errors.New("picklist: order id is required")
	ErrUnknownOrder  = errors.New("picklist: unknown order")
	ErrUnknownPicker = errors.New("picklist: unknown picker")
	ErrPickerFull    = errors.New("picklist: picker is at capacity")
)

// Validate checks the input before it is sent to the router.
func (in OrderInput) Validate() error {
	if strings.TrimSpace(in.ID) == "" {
		return ErrMissingID
	}
	if len(in.Lines) == 0 {
		return ErrNoLines
	}
	for i, l := range in.Lines {
		if l.SKU == "" {
			return fmt.Errorf("picklist: order %s line %d: missing sku", in.ID, i+1)
		}
		if l.Qty <= 0 {
			return fmt.Errorf("picklist: order %s line %d: quantity %d", in.ID, i+1, l.Qty)
		}
	}
	if in.Priority < PriorityNormal || in.Priority > PriorityUrgent {
		return fmt.Errorf("picklist: order %s: %v", in.ID, in.Priority)
	}
	return nil
}

// OrderState tracks an order through the floor.
type OrderState int

const (
	StateQueued OrderState = iota
	StatePicking
	StateDone
)

func (s OrderState) String() string {
	switch s {
	case StateQueued:
		return "queued"
	case StatePicking:
		return "picking"
	case StateDone:
		return "done"
	}
	return "state(" + strconv.Itoa(int(s)) + ")"
}

// Order is the router's record of a submitted order.
type Order struct {
	ID       string
	Lines    []Line
	Priority Priority
	Due      time.Time
	Received time.Time
	Zone     string
	State    OrderState
	Picker   string
	// Walk is the estimated walking distance in bay lengths, or zero
	// until the planner has produced an estimate.
	Walk int

	escalation *time.Timer
	reminder   *time.Timer
}

func newOrder(in OrderInput, layout Layout, now time.Time) *Order {
	lines := make([]Line, len(in.Lines))
	copy(lines, in.Lines)
	return &Order{
		ID:       in.ID,
		Lines:    lines,
		Priority: in.Priority,
		Due:      in.Due,
		Received: now,
		Zone:     layout.dominantZone(lines),
	}
}

// Units is the number of items on the order.
func (o *Order) Units() int {
	n := 0
	for _, l := range o.Lines {
		n += l.Qty
	}
	return n
}

func (o *Order) stopTimers() {
	if o.escalation != nil {
		o.escalation.Stop()
	}
	if o.reminder != nil {
		o.reminder.Stop()
	}
}

// OrderView is a snapshot of an order.
type OrderView struct {
	ID       string     `json:"id"`
	Zone     string     `json:"zone"`
	State    OrderState `json:"state"`
	Priority Priority   `json:"priority"`
	Picker   string     `json:"picker,omitempty"`
	Units    int        `json:"units"`
	Planned  bool       `json:"planned"`
	Distance int        `json:"distance,omitempty"`
}

func (o *Order) view() OrderView {
	v := OrderView{
		ID:       o.ID,
		Zone:     o.Zone,
		State:    o.State,
		Priority: o.Priority,
		Picker:   o.Picker,
		Units:    o.Units(),
	}
	if o.Walk > 0 {
		v.Planned = true
		v.Distance = o.Walk
	}
	return v
}
