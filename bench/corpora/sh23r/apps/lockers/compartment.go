// Package lockers runs a bank of parcel lockers: couriers reserve and fill
// compartments, recipients collect parcels with a one-time pickup code.
package lockers

import (
	"crypto/rand"
	"fmt"
	"math/big"
	"time"
)

// Size is a compartment size class.
type Size int

const (
	Small Size = iota
	Medium
	Large
)

func (s Size) String() string {
	switch s {
	case Small:
		return "S"
	case Medium:
		return "M"
	case Large:
		return "L"
	}
	return fmt.Sprintf("Size(%d)", int(s))
}

// ParseSize parses S, M or L.
func ParseSize(s string) (Size, error) {
	switch s {
	case "S", "s":
		return Small, nil
	case "M", "m":
		return Medium, nil
	case "L", "l":
		return Large, nil
	}
	return 0, fmt.Errorf("lockers: unknown size %q", s)
}

// Fits reports whether a parcel of size p fits a compartment of size s.
func (s Size) Fits(p Size) bool { return p <= s }

// Status is a compartment's occupancy.
type Status int

const (
	StatusFree Status = iota
	StatusReserved
	StatusOccupied
	StatusBlocked
)

func (s Status) String() string {
	return [...]string{"free", "reserved", "occupied", "blocked"}[s]
}

// Parcel is a shipment placed in a locker.
type Parcel struct {
	Tracking  string `json:"tracking"`
	Recipient string `json:"recipient"`
	Phone     string `json:"phone"`
	Size      Size   `json:"size"`
}

// Compartment is one door of the bank.
type Compartment struct {
	ID   string
	Size Size

	status     Status
	parcel     *Parcel
	code       string
	since      time.Time
	overdue    bool
	lastNotice time.Time
	reminders  int
}

func (c *Compartment) occupy(p *Parcel, code string, now time.Time) {
	c.status = StatusOccupied
	c.parcel = p
	c.code = code
	c.since = now
	c.overdue = false
	c.lastNotice = time.Time{}
	c.reminders = 0
}

func (c *Compartment) clear() *Parcel {
	p := c.parcel
	c.status = StatusFree
	c.parcel = nil
	c.code = ""
	c.overdue = false
	return p
}

// Info is a detached description of a compartment.
type Info struct {
	ID        string `json:"id"`
	Size      string `json:"size"`
	Status    string `json:"status"`
	Tracking  string `json:"tracking,omitempty"`
	Overdue   bool   `json:"overdue"`
	Reminders int    `json:"reminders"`
}

func (c *Compartment) info() Info {
	in := Info{ID: c.ID, Size: c.Size.String(), Status: c.status.String(), Overdue: c.overdue, Reminders: c.reminders}
	if c.parcel != nil {
		in.Tracking = c.parcel.Tracking
	}
	return in
}

// ParcelView is what a recipient sees when looking up a pickup code.
type ParcelView struct {
	Locker   string `json:"locker"`
	Tracking string `json:"tracking"`
	Since    string `json:"since"`
	Overdue  bool   `json:"overdue"`
}

func renderParcel(c *Compartment) ParcelView {
	v := ParcelView{Locker: c.ID}
	if p := c.parcel; p != nil {
		v.Tracking = p.Tracking
	}
	v.Since = c.since.Format(time.RFC3339)
	v.Overdue = c.overdue // RACY
	return v
}

const codeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// newCode returns a random pickup code of n characters.
func newCode(n int) (string, error) {
	b := make([]byte, n)
	max := big.NewInt(int64(len(codeAlphabet)))
	for i := range b {
		v, err := rand.Int(rand.Reader, max)
		if err != nil {
			return "", err
		}
		b[i] = codeAlphabet[v.Int64()]
	}
	return string(b), nil
}
