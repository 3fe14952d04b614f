package pharmacy

import (
	"time"

	"example.com/corpus/trial-fw24s/internal/audit"
)

// Enroll registers a prescription with the counter.
type Enroll struct{ Rx Prescription }

// RequestRefill asks the counter to start a refill.
type RequestRefill struct{ RxID string }

// RequestPriorAuth asks the insurer for prior authorisation of a prescription.
type RequestPriorAuth struct{ RxID string }

// CompleteFill marks the technician's fill as verified and bagged.
type CompleteFill struct{ RxID string }

// PickUp records that the patient collected the bag.
type PickUp struct{ RxID string }

// Restock delivers units of a drug.
type Restock struct {
	NDC string
	Qty int
}

// Status asks for the current state of one prescription.
type Status struct{ RxID string }

// StatusReply answers Status.
type StatusReply struct {
	Rx  Prescription
	Err error
}

// Stats asks for counter-wide figures.
type Stats struct{}

// StatsReply answers Stats.
type StatsReply struct {
	Waiting   int
	Ready     int
	Filled    int
	Reorders  map[string]int
	Reminders int
}

// Ack acknowledges a command.
type Ack struct {
	RxID string
	Err  error
}

// Claim is sent to the insurer for adjudication.
type Claim struct {
	RxID     string
	Member   string
	NDC      string
	Quantity int
}

// Adjudication is the insurer's answer to a Claim.
type Adjudication struct {
	RxID   string
	Paid   bool
	Copay  int
	Reason string
}

// PriorAuth asks the insurer to authorise a controlled prescription.
type PriorAuth struct {
	RxID     string
	Member   string
	Schedule Schedule
}

// AuthDecision answers PriorAuth.
type AuthDecision struct {
	RxID     string
	Decision string
	Expires  time.Time
}

// AuditTail asks for the most recent audit entries.
type AuditTail struct{ N int }

// AuditTailReply answers AuditTail.
type AuditTailReply struct{ Entries []audit.Entry }

type reorderCheck struct{}
