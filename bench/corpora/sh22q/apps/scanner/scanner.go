// Package scanner runs the turnstile lanes of a stadium: it validates
// ticket codes, tracks who is inside, issues re-entry passes and reports
// lane throughput to the concourse displays.
package scanner

import (
	"errors"
	"time"

	"example.com/corpus/trial-sh22q/internal/loop"
	"example.com/corpus/trial-sh22q/internal/metrics"
)

// Config holds settings that are fixed for the lifetime of a Scanner.
type Config struct {
	// Event is the event code printed on valid tickets.
	Event string
	// Lanes maps each turnstile lane to the gate it belongs to.
	Lanes map[LaneID]GateID
	// ReentryWindow is how long a re-entry pass stays valid after exit.
	ReentryWindow time.Duration
	// MaxReentries caps how often one ticket may re-enter.
	MaxReentries int
	// RateWindow is how often the admissions-per-minute figure is updated.
	// Zero disables the sampler.
	RateWindow time.Duration
	// RecentScans is how many scan results are kept for the audit view.
	RecentScans int
}

func (c Config) validate() error {
	switch {
	case c.Event == "":
		return errors.New("scanner: config needs an event code")
	case len(c.Lanes) == 0:
		return errors.New("scanner: config needs at least one lane")
	case c.ReentryWindow <= 0:
		return errors.New("scanner: re-entry window must be positive")
	}
	return nil
}

// Verdict is the outcome of a scan.
type Verdict int

const (
	Admitted Verdict = iota
	Reentered
	Rejected
	Pending
	Exited
)

func (v Verdict) String() string {
	switch v {
	case Admitted:
		return "admitted"
	case Reentered:
		return "reentered"
	case Rejected:
		return "rejected"
	case Pending:
		return "pending"
	case Exited:
		return "exited"
	}
	return "unknown"
}

// ScanResult describes what happened when a code was presented at a lane.
type ScanResult struct {
	Code    string
	Lane    LaneID
	Verdict Verdict
	Reason  string
	At      time.Time
}

// Stats are the running totals shown on the operations dashboard.
type Stats struct {
	Admitted   int
	Reentered  int
	Rejected   int
	Exited     int
	Inside     int
	PassesLive int
	PerMinute  int
}

// Lane is the state of one turnstile lane.
type Lane struct {
	ID       LaneID
	Gate     GateID
	Open     bool
	Scanned  int
	Admitted int
	Rejected int
	LastCode string
	LastAt   time.Time
}

type holder struct {
	inside  bool
	entries int
	pass    *pass
}

// Option customises a Scanner.
type Option func(*Scanner)

// WithValidator sets the box-office client used for codes that are not in
// the local ticket list.
func WithValidator(v Validator) Option {
	return func(s *Scanner) { s.validator = v }
}

// WithMetrics sets the registry that admission counters are exported to.
func WithMetrics(r *metrics.Registry) Option {
	return func(s *Scanner) { s.metrics = r }
}

// WithClock replaces time.Now, mainly for tests.
func WithClock(now func() time.Time) Option {
	return func(s *Scanner) { s.now = now }
}

// Scanner validates tickets for one event.
type Scanner struct {
	cfg       Config
	loop      *loop.Loop
	validator Validator
	metrics   *metrics.Registry
	now       func() time.Time
	stopTick  func()

	tickets map[string]*Ticket
	holders map[string]*holder
	lanes   map[LaneID]*Lane
	passes  passBook
	backlog lookupBacklog
	stats   Stats
	recent  []ScanResult

	lastAdmitted int
}

// New builds a scanner for cfg. Call Start before scanning.
func New(cfg Config, opts ...Option) (*Scanner, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if cfg.RecentScans <= 0 {
		cfg.RecentScans = 100
	}
	s := &Scanner{
		cfg:     cfg,
		metrics: metrics.NewRegistry("scanner_"),
		now:     time.Now,
		tickets: make(map[string]*Ticket),
		holders: make(map[string]*holder),
		lanes:   make(map[LaneID]*Lane, len(cfg.Lanes)),
		passes:  passBook{window: cfg.ReentryWindow},
	}
	for _, opt := range opts {
		opt(s)
	}
	for id, gate := range cfg.Lanes {
		s.lanes[id] = &Lane{ID: id, Gate: gate, Open: true}
	}
	s.loop = loop.New(loop.WithName("scanner:"+cfg.Event), loop.WithMailboxSize(256))
	return s, nil
}

// Start begins processing scans.
func (s *Scanner) Start() {
	s.loop.Start()
	if s.cfg.RateWindow > 0 {
		s.stopTick = s.loop.OnTick(s.cfg.RateWindow, s.sampleRate)
	}
}

// Close cancels outstanding re-entry passes and stops the scanner.
func (s *Scanner) Close() {
	if s.stopTick != nil {
		s.stopTick()
	}
	_ = s.loop.Do(s.passes.cancelAll)
	s.loop.Stop()
}

// Config returns the scanner's configuration.
func (s *Scanner) Config() Config { return s.cfg }

// Metrics returns the registry the scanner exports counters to.
func (s *Scanner) Metrics() *metrics.Registry { return s.metrics }

// LoadTickets registers tickets sold for the event.
func (s *Scanner) LoadTickets(tickets []Ticket) error {
	batch := make([]Ticket, len(tickets))
	copy(batch, tickets)
	return s.loop.Do(func() {
		for i := range batch {
			s.tickets[batch[i].Code] = &batch[i]
		}
	})
}

// Scan presents a code at an entry lane.
func (s *Scanner) Scan(code string, lane LaneID) (ScanResult, error) {
	return loop.Call(s.loop, func() ScanResult { return s.admit(code, lane) })
}

// Exit records a ticket holder leaving through a lane.
func (s *Scanner) Exit(code string, lane LaneID) (ScanResult, error) {
	return loop.Call(s.loop, func() ScanResult { return s.leave(code, lane) })
}

// Stats returns a copy of the running totals.
func (s *Scanner) Stats() (Stats, error) {
	return loop.Call(s.loop, s.snapshotStats)
}

// Recent returns up to n of the latest scan results, newest last.
func (s *Scanner) Recent(n int) ([]ScanResult, error) {
	return loop.Call(s.loop, func() []ScanResult {
		if n > len(s.recent) {
			n = len(s.recent)
		}
		out := make([]ScanResult, n)
		copy(out, s.recent[len(s.recent)-n:])
		return out
	})
}

// Lanes returns the scanner's lanes.
func (s *Scanner) Lanes() ([]*Lane, error) {
	return loop.Call(s.loop, func() []*Lane {
		out := make([]*Lane, 0, len(s.lanes))
		for _, l := range s.lanes {
			out = append(out, l)
		}
		return out
	})
}

// LaneStats returns a copy of one lane's counters.
func (s *Scanner) LaneStats(id LaneID) (Lane, bool, error) {
	type reply struct {
		lane Lane
		ok   bool
	}
	r, err := loop.Call(s.loop, func() reply {
		l, ok := s.lanes[id]
		if !ok {
			return reply{}
		}
		return reply{lane: *l, ok: true}
	})
	return r.lane, r.ok, err
}

// CloseGateIn closes every lane of gate g once d has elapsed.
func (s *Scanner) CloseGateIn(g GateID, d time.Duration) *time.Timer {
	return s.loop.After(d, func() { s.setGateOpen(g, false) })
}

// OpenGate reopens every lane of gate g.
func (s *Scanner) OpenGate(g GateID) error {
	return s.loop.Do(func() { s.setGateOpen(g, true) })
}
