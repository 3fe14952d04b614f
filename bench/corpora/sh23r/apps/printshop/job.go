// Package printshop runs the job queue of a small copy and print shop:
// customers submit jobs, optionally held for approval, and a dispatcher hands
// queued jobs to the first idle printer that can take them.
package printshop

import (
	"fmt"
	"time"
)

// State is the lifecycle state of a job.
type State int

const (
	StateQueued State = iota
	StateHeld
	StatePrinting
	StateDone
	StateExpired
	StateCancelled
	StateFailed
)

func (s State) String() string {
	switch s {
	case StateQueued:
		return "queued"
	case StateHeld:
		return "held"
	case StatePrinting:
		return "printing"
	case StateDone:
		return "done"
	case StateExpired:
		return "expired"
	case StateCancelled:
		return "cancelled"
	case StateFailed:
		return "failed"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Terminal reports whether no further transitions are possible.
func (s State) Terminal() bool {
	return s == StateDone || s == StateExpired || s == StateCancelled || s == StateFailed
}

// Paper is a paper size.
type Paper string

const (
	A4     Paper = "A4"
	A3     Paper = "A3"
	Letter Paper = "Letter"
)

// Spec describes what the customer wants printed.
type Spec struct {
	Customer string `json:"customer"`
	Pages    int    `json:"pages"`
	Copies   int    `json:"copies"`
	Color    bool   `json:"color"`
	Duplex   bool   `json:"duplex"`
	Paper    Paper  `json:"paper"`
	Hold     bool   `json:"hold"`
}

// Sheets is the number of physical sheets the spec consumes.
func (s Spec) Sheets() int {
	per := s.Pages
	if s.Duplex {
		per = (s.Pages + 1) / 2
	}
	return per * s.copies()
}

// Impressions is the number of printed page sides.
func (s Spec) Impressions() int { return s.Pages * s.copies() }

func (s Spec) copies() int {
	if s.Copies < 1 {
		return 1
	}
	return s.Copies
}

func (s Spec) validate() error {
	switch {
	case s.Customer == "":
		return fmt.Errorf("printshop: customer required")
	case s.Pages <= 0:
		return fmt.Errorf("printshop: pages must be positive, got %d", s.Pages)
	case s.Copies < 0 || s.Copies > 500:
		return fmt.Errorf("printshop: copies out of range: %d", s.Copies)
	}
	switch s.Paper {
	case "", A4, A3, Letter:
	default:
		return fmt.Errorf("printshop: unknown paper %q", s.Paper)
	}
	return nil
}

// Job is a job as tracked by the queue.
type Job struct {
	ID          string
	Spec        Spec
	State       State
	Printer     string
	PagesDone   int
	Price       Cents
	Err         string
	SubmittedAt time.Time
	StartedAt   time.Time
	FinishedAt  time.Time
}

// JobView is a detached copy of a job handed to callers.
type JobView struct {
	ID          string    `json:"id"`
	Customer    string    `json:"customer"`
	State       string    `json:"state"`
	Printer     string    `json:"printer,omitempty"`
	Pages       int       `json:"pages"`
	PagesDone   int       `json:"pages_done"`
	Price       string    `json:"price"`
	Err         string    `json:"error,omitempty"`
	SubmittedAt time.Time `json:"submitted_at"`
}

func (j *Job) view() JobView {
	return JobView{
		ID:          j.ID,
		Customer:    j.Spec.Customer,
		State:       j.State.String(),
		Printer:     j.Printer,
		Pages:       j.Spec.Impressions(),
		PagesDone:   j.PagesDone,
		Price:       j.Price.String(),
		Err:         j.Err,
		SubmittedAt: j.SubmittedAt,
	}
}

// Progress summarises how far a job has got.
type Progress struct {
	ID      string  `json:"id"`
	Done    int     `json:"done"`
	Total   int     `json:"total"`
	Percent float64 `json:"percent"`
}

func progressOf(j *Job) Progress {
	total := j.Spec.Impressions()
	done := j.PagesDone // RACY
	p := Progress{ID: j.ID, Done: done, Total: total}
	if total > 0 {
		p.Percent = float64(done) * 100 / float64(total)
	}
	return p
}
