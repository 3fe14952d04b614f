package housekeeping

import (
	"context"
	"time"

	"example.com/corpus/trial-sh22q/internal/metrics"
	"example.com/corpus/trial-sh22q/internal/workpool"
)

// Config holds the scheduler settings chosen by the executive housekeeper.
type Config struct {
	// DNDRetry is how long to wait before retrying a room whose guest hung
	// a do-not-disturb sign.
	DNDRetry time.Duration
	// ReminderEvery is how often unacknowledged ready rooms are checked.
	ReminderEvery time.Duration
	// ReminderAfter is how long the front desk may stay silent before the
	// ready notifications are sent again.
	ReminderAfter time.Duration
	// ReinspectBoost is added to the priority of a room that failed
	// inspection.
	ReinspectBoost int
}

// DefaultConfig returns settings suitable for a mid-size hotel.
func DefaultConfig() Config {
	return Config{
		DNDRetry:       45 * time.Minute,
		ReminderEvery:  time.Minute,
		ReminderAfter:  10 * time.Minute,
		ReinspectBoost: 20,
	}
}

// Notifier tells the front desk that a room is ready to sell. The front
// desk calls ack, from any goroutine, once a clerk has seen the message.
type Notifier interface {
	RoomReady(room RoomNo, ack func())
}

// Option customises a Scheduler.
type Option func(*Scheduler)

// WithNotifier sets the front-desk notifier.
func WithNotifier(n Notifier) Option { return func(s *Scheduler) { s.notifier = n } }

// WithMetrics sets the registry that counters are exported to.
func WithMetrics(r *metrics.Registry) Option { return func(s *Scheduler) { s.metrics = r } }

// WithClock replaces time.Now.
func WithClock(now func() time.Time) Option { return func(s *Scheduler) { s.now = now } }

type checkoutReq struct {
	room  RoomNo
	opts  CheckoutOptions
	reply chan error
}

type claimReq struct {
	staff string
	reply chan claimReply
}

type claimReply struct {
	task Task
	err  error
}

type staffReq struct {
	staff string
	reply chan error
}

type inspectReq struct {
	room   RoomNo
	passed bool
	reply  chan error
}

type snapshotReq struct {
	reply chan Snapshot
}

type shiftReq struct {
	reply chan []ShiftLine
}

// ShiftStats are running totals for the current shift.
type ShiftStats struct {
	Checkouts   int
	Cleaned     int
	Failed      int
	DND         int
	Reminders   int
	Escalations int
}

// Scheduler owns the room board and the cleaning queue.
type Scheduler struct {
	cfg      Config
	notifier Notifier
	metrics  *metrics.Registry
	now      func() time.Time
	pool     *workpool.Pool

	checkouts   chan checkoutReq
	claims      chan claimReq
	completions chan staffReq
	dnds        chan staffReq
	inspections chan inspectReq
	snapshots   chan snapshotReq
	shiftEnds   chan shiftReq
	retries     chan *Task
	acks        chan RoomNo
	quit        chan struct{}
	done        chan struct{}

	rooms          map[RoomNo]*Room
	staff          map[string]*Housekeeper
	queue          []*Task
	parked         map[RoomNo]*time.Timer
	unacked        map[RoomNo]time.Time
	lastAck        time.Time
	pendingMinutes int
	shift          ShiftStats
}

// New builds a scheduler for the given rooms and shift roster and starts
// it.
func New(cfg Config, rooms []Room, roster []Housekeeper, opts ...Option) *Scheduler {
	s := &Scheduler{
		cfg:         cfg,
		metrics:     metrics.NewRegistry("housekeeping_"),
		now:         time.Now,
		pool:        workpool.New(2),
		checkouts:   make(chan checkoutReq),
		claims:      make(chan claimReq),
		completions: make(chan staffReq),
		dnds:        make(chan staffReq),
		inspections: make(chan inspectReq),
		snapshots:   make(chan snapshotReq),
		shiftEnds:   make(chan shiftReq),
		retries:     make(chan *Task),
		acks:        make(chan RoomNo),
		quit:        make(chan struct{}),
		done:        make(chan struct{}),
		rooms:       make(map[RoomNo]*Room, len(rooms)),
		staff:       make(map[string]*Housekeeper, len(roster)),
		parked:      make(map[RoomNo]*time.Timer),
		unacked:     make(map[RoomNo]time.Time),
	}
	for _, opt := range opts {
		opt(s)
	}
	if s.notifier == nil {
		s.notifier = discardNotifier{}
	}
	for _, r := range rooms {
		r := r
		s.rooms[r.No] = &r
	}
	for _, h := range roster {
		h := h
		h.Floors = append([]int(nil), h.Floors...)
		s.staff[h.ID] = &h
	}
	s.lastAck = s.now()
	go s.run()
	return s
}

// Close stops the scheduler and cancels pending do-not-disturb retries.
func (s *Scheduler) Close() {
	select {
	case <-s.quit:
	default:
		close(s.quit)
	}
	<-s.done
	s.pool.Close()
}

func (s *Scheduler) run() {
	defer close(s.done)
	reminder := time.NewTicker(s.cfg.ReminderEvery)
	defer reminder.Stop()
	defer s.cancelRetries()
	for {
		select {
		case req := <-s.checkouts:
			req.reply <- s.checkout(req.room, req.opts)
		case req := <-s.claims:
			t, err := s.claim(req.staff)
			req.reply <- claimReply{task: t, err: err}
		case req := <-s.completions:
			req.reply <- s.complete(req.staff)
		case req := <-s.dnds:
			req.reply <- s.doNotDisturb(req.staff)
		case req := <-s.inspections:
			req.reply <- s.inspect(req.room, req.passed)
		case req := <-s.snapshots:
			req.reply <- s.snapshot()
		case req := <-s.shiftEnds:
			req.reply <- s.shiftReport()
		case t := <-s.retries:
			s.unpark(t)
		case room := <-s.acks:
			delete(s.unacked, room)
		case now := <-reminder.C:
			s.remindUnacked(now)
		case <-s.quit:
			return
		}
	}
}

func send[R any](s *Scheduler, ch chan R, req R) error {
	select {
	case ch <- req:
		return nil
	case <-s.quit:
		return ErrStopped
	}
}

func wait[T any](s *Scheduler, reply chan T) (T, error) {
	select {
	case v := <-reply:
		return v, nil
	case <-s.done:
		var zero T
		return zero, ErrStopped
	}
}

// Checkout records a departure and queues the room for cleaning.
func (s *Scheduler) Checkout(room RoomNo, opts CheckoutOptions) error {
	req := checkoutReq{room: room, opts: opts, reply: make(chan error, 1)}
	if err := send(s, s.checkouts, req); err != nil {
		return err
	}
	err, werr := wait(s, req.reply)
	if werr != nil {
		return werr
	}
	return err
}

// Claim hands the most urgent task on the housekeeper's floors to them.
func (s *Scheduler) Claim(staff string) (Task, error) {
	req := claimReq{staff: staff, reply: make(chan claimReply, 1)}
	if err := send(s, s.claims, req); err != nil {
		return Task{}, err
	}
	r, err := wait(s, req.reply)
	if err != nil {
		return Task{}, err
	}
	return r.task, r.err
}

func (s *Scheduler) staffCall(ch chan staffReq, staff string) error {
	req := staffReq{staff: staff, reply: make(chan error, 1)}
	if err := send(s, ch, req); err != nil {
		return err
	}
	err, werr := wait(s, req.reply)
	if werr != nil {
		return werr
	}
	return err
}

// Complete marks the housekeeper's current room as cleaned and ready for
// inspection.
func (s *Scheduler) Complete(staff string) error { return s.staffCall(s.completions, staff) }

// DoNotDisturb reports that the housekeeper's current room could not be
// entered. The room is retried after Config.DNDRetry.
func (s *Scheduler) DoNotDisturb(staff string) error { return s.staffCall(s.dnds, staff) }

// Inspect records a supervisor's inspection result.
func (s *Scheduler) Inspect(room RoomNo, passed bool) error {
	req := inspectReq{room: room, passed: passed, reply: make(chan error, 1)}
	if err := send(s, s.inspections, req); err != nil {
		return err
	}
	err, werr := wait(s, req.reply)
	if werr != nil {
		return werr
	}
	return err
}

// Snapshot returns a copy of the board.
func (s *Scheduler) Snapshot() (Snapshot, error) {
	req := snapshotReq{reply: make(chan Snapshot, 1)}
	if err := send(s, s.snapshots, req); err != nil {
		return Snapshot{}, err
	}
	return wait(s, req.reply)
}

// EndShift scores every housekeeper's work for the shift report.
func (s *Scheduler) EndShift() ([]ShiftLine, error) {
	req := shiftReq{reply: make(chan []ShiftLine, 1)}
	if err := send(s, s.shiftEnds, req); err != nil {
		return nil, err
	}
	return wait(s, req.reply)
}

// QueueDepth returns the number of rooms waiting for a housekeeper.
func (s *Scheduler) QueueDepth() int {
	return s.queueDepth()
}

func (s *Scheduler) shiftReport() []ShiftLine {
	crew := make([]*Housekeeper, 0, len(s.staff))
	for _, h := range s.staff {
		crew = append(crew, h)
	}
	lines, err := workpool.Map(context.Background(), s.pool, crew, scoreHousekeeper)
	if err != nil {
		return nil
	}
	sortShift(lines)
	return lines
}

type discardNotifier struct{}

func (discardNotifier) RoomReady(RoomNo, func()) {}
