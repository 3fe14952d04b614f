package scanner

import (
	"errors"
	"strconv"
	"strings"
)

// Tier is the class of a ticket.
type Tier int

const (
	General Tier = iota
	Premium
	Staff
)

func (t Tier) String() string {
	switch t {
	case General:
		return "general"
	case Premium:
		return "premium"
	case Staff:
		return "staff"
	}
	return "tier(" + strconv.Itoa(int(t)) + ")"
}

// GateID names a stadium gate, e.g. "north".
type GateID string

// LaneID names a turnstile lane at a gate, e.g. "N1".
type LaneID string

// Ticket is a single admission right for one event.
type Ticket struct {
	Code    string
	Event   string
	Section int
	Row     int
	Seat    int
	Tier    Tier
	// Gates lists the gates the ticket may enter through. An empty list
	// means any gate.
	Gates []GateID
}

// AllowsGate reports whether the ticket may be used at gate g.
func (t *Ticket) AllowsGate(g GateID) bool {
	if len(t.Gates) == 0 || t.Tier == Staff {
		return true
	}
	for _, allowed := range t.Gates {
		if allowed == g {
			return true
		}
	}
	return false
}

// Errors returned when parsing ticket codes.
var (
	ErrMalformed = errors.New("scanner: malformed ticket code")
	ErrChecksum  = errors.New("scanner: ticket checksum mismatch")
)

// CodeParts are the fields encoded in a printed ticket code of the form
// EVENT-SECTION-ROW-SEAT-CHECK, for example "CUP24-112-6-14-Q".
type CodeParts struct {
	Event   string
	Section int
	Row     int
	Seat    int
}

// ParseCode validates a printed code and splits it into its fields.
func ParseCode(code string) (CodeParts, error) {
	fields := strings.Split(strings.TrimSpace(code), "-")
	if len(fields) != 5 || fields[0] == "" || len(fields[4]) != 1 {
		return CodeParts{}, ErrMalformed
	}
	nums := make([]int, 3)
	for i, f := range fields[1:4] {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return CodeParts{}, ErrMalformed
		}
		nums[i] = n
	}
	body := strings.Join(fields[:4], "-")
	if checkLetter(body) != fields[4][0] {
		return CodeParts{}, ErrChecksum
	}
	return CodeParts{Event: fields[0], Section: nums[0], Row: nums[1], Seat: nums[2]}, nil
}

// MakeCode builds the printed code for a seat, including its check letter.
func MakeCode(event string, section, row, seat int) string {
	body := event + "-" + strconv.Itoa(section) + "-" + strconv.Itoa(row) + "-" + strconv.Itoa(seat)
	return body + "-" + string(checkLetter(body))
}

func checkLetter(body string) byte {
	sum := 0
	for i := 0; i < len(body); i++ {
		sum = (sum*31 + int(body[i])) % 9973
	}
	return byte('A' + sum%26)
}

// NewTicket builds a ticket for a seat with a valid code.
func NewTicket(event string, section, row, seat int, tier Tier, gates ...GateID) Ticket {
	return Ticket{
		Code:    MakeCode(event, section, row, seat),
		Event:   event,
		Section: section,
		Row:     row,
		Seat:    seat,
		Tier:    tier,
		Gates:   gates,
	}
}
