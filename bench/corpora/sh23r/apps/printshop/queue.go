package printshop

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"example.com/corpus/trial-sh23r/internal/loop"
	"example.com/corpus/trial-sh23r/internal/notify"
)

var (
	ErrNotFound  = errors.New("printshop: no such job")
	ErrQueueFull = errors.New("printshop: queue full")
	ErrNotHeld   = errors.New("printshop: job is not held")
	ErrFinished  = errors.New("printshop: job already finished")
)

// Config is fixed when the queue is built.
type Config struct {
	Name          string
	Prices        PriceList
	HoldTimeout   time.Duration
	DispatchEvery time.Duration
	MaxPending    int
}

// Option adjusts the configuration.
type Option func(*Config)

// WithHoldTimeout sets how long a held job waits for approval.
func WithHoldTimeout(d time.Duration) Option { return func(c *Config) { c.HoldTimeout = d } }

// WithDispatchEvery sets the dispatcher interval.
func WithDispatchEvery(d time.Duration) Option { return func(c *Config) { c.DispatchEvery = d } }

// WithPrices replaces the price list.
func WithPrices(p PriceList) Option { return func(c *Config) { c.Prices = p } }

// WithMaxPending bounds the number of jobs waiting for a printer.
func WithMaxPending(n int) Option { return func(c *Config) { c.MaxPending = n } }

// Event is published on every job transition.
type Event struct {
	Job   string
	State State
	At    time.Time
}

// Stats are running totals.
type Stats struct {
	Submitted int   `json:"submitted"`
	Printed   int   `json:"printed"`
	Expired   int   `json:"expired"`
	Cancelled int   `json:"cancelled"`
	Failed    int   `json:"failed"`
	Pages     int   `json:"pages"`
	Revenue   Cents `json:"revenue"`
}

// PrinterView describes a printer.
type PrinterView struct {
	Name    string `json:"name"`
	Busy    bool   `json:"busy"`
	Offline bool   `json:"offline"`
	Reason  string `json:"reason,omitempty"`
	Job     string `json:"job,omitempty"`
	Sheets  int    `json:"sheets"`
}

type station struct {
	dev     Printer
	busy    bool
	status  DeviceStatus
	current string
	sheets  int
}

func (s *station) setStatus(ds DeviceStatus) {
	s.status = ds // RACY
}

func (s *station) online() bool { return !s.status.Offline }

func (s *station) accepts(color bool) bool {
	return s.online() && !s.busy && (!color || s.dev.Color())
}

// Queue is the shop's job queue.
type Queue struct {
	cfg    Config
	lp     *loop.Loop
	events *notify.Hub[Event]

	jobs     map[string]*Job
	pending  []string
	stations []*station
	cancels  map[string]context.CancelFunc
	stats    Stats
	seq      int
}

// New builds a queue over the given printers.
func New(printers []Printer, opts ...Option) *Queue {
	cfg := Config{
		Name:          "print shop",
		Prices:        DefaultPrices(),
		HoldTimeout:   30 * time.Minute,
		DispatchEvery: 250 * time.Millisecond,
		MaxPending:    200,
	}
	for _, o := range opts {
		o(&cfg)
	}
	q := &Queue{
		cfg:     cfg,
		lp:      loop.New(loop.WithName("printshop"), loop.WithBuffer(128)),
		events:  notify.NewHub[Event](),
		jobs:    make(map[string]*Job),
		cancels: make(map[string]context.CancelFunc),
	}
	for _, p := range printers {
		st := &station{dev: p}
		p.SetStatusHandler(func(ds DeviceStatus) { st.setStatus(ds) })
		q.stations = append(q.stations, st)
	}
	q.lp.OnTick(cfg.DispatchEvery, q.dispatch)
	return q
}

// Start starts the dispatcher.
func (q *Queue) Start() { q.lp.Start() }

// Stop cancels running prints and stops the dispatcher.
func (q *Queue) Stop() {
	_ = loop.Do(q.lp, func() {
		for _, cancel := range q.cancels {
			cancel()
		}
	})
	q.lp.Stop()
	q.events.Wait()
}

// Config returns the queue configuration.
func (q *Queue) Config() Config { return q.cfg }

// Subscribe registers fn for job events.
func (q *Queue) Subscribe(fn func(Event)) (cancel func()) { return q.events.Subscribe(fn) }

type submitResult struct {
	view JobView
	err  error
}

// Submit prices and queues a job.
func (q *Queue) Submit(spec Spec) (JobView, error) {
	r, err := loop.Call(q.lp, func() submitResult {
		v, err := q.enqueue(spec)
		return submitResult{v, err}
	})
	if err != nil {
		return JobView{}, err
	}
	return r.view, r.err
}

func (q *Queue) enqueue(spec Spec) (JobView, error) {
	quote, err := q.cfg.Prices.Quote(spec)
	if err != nil {
		return JobView{}, err
	}
	if len(q.pending) >= q.cfg.MaxPending {
		return JobView{}, ErrQueueFull
	}
	q.seq++
	j := &Job{
		ID:          fmt.Sprintf("J%04d", q.seq),
		Spec:        spec,
		State:       StateQueued,
		Price:       quote.Total,
		SubmittedAt: time.Now(),
	}
	if spec.Hold {
		j.State = StateHeld
		q.armHold(j)
	}
	q.jobs[j.ID] = j
	q.pending = append(q.pending, j.ID)
	q.stats.Submitted++
	q.publish(j)
	return j.view(), nil
}

func (q *Queue) armHold(j *Job) {
	time.AfterFunc(q.cfg.HoldTimeout, func() { q.expireHold(j) })
}

func (q *Queue) expireHold(j *Job) {
	q.retire(j, StateExpired)
}

func (q *Queue) retire(j *Job, s State) {
	j.State = s // RACY
}

// Release approves a held job so it can print.
func (q *Queue) Release(id string) error {
	err, cerr := loop.Call(q.lp, func() error {
		j, ok := q.jobs[id]
		switch {
		case !ok:
			return ErrNotFound
		case j.State != StateHeld:
			return ErrNotHeld
		}
		j.State = StateQueued
		q.publish(j)
		return nil
	})
	return errors.Join(err, cerr)
}

// Cancel cancels a job that has not finished.
func (q *Queue) Cancel(id string) error {
	err, cerr := loop.Call(q.lp, func() error {
		j, ok := q.jobs[id]
		if !ok {
			return ErrNotFound
		}
		if j.State.Terminal() {
			return ErrFinished
		}
		if cancel, ok := q.cancels[id]; ok {
			cancel()
			return nil
		}
		j.State = StateCancelled
		j.FinishedAt = time.Now()
		return nil
	})
	return errors.Join(err, cerr)
}

// Job returns a copy of a job.
func (q *Queue) Job(id string) (JobView, error) {
	v, err := loop.Call(q.lp, func() *JobView {
		j, ok := q.jobs[id]
		if !ok {
			return nil
		}
		v := j.view()
		return &v
	})
	if err != nil {
		return JobView{}, err
	}
	if v == nil {
		return JobView{}, ErrNotFound
	}
	return *v, nil
}

// Jobs lists all jobs, oldest first.
func (q *Queue) Jobs() []JobView {
	out, _ := loop.Call(q.lp, func() []JobView {
		vs := make([]JobView, 0, len(q.jobs))
		for _, j := range q.jobs {
			vs = append(vs, j.view())
		}
		sort.Slice(vs, func(a, b int) bool { return vs[a].ID < vs[b].ID })
		return vs
	})
	return out
}

// Track returns the live job record for progress reporting.
func (q *Queue) Track(id string) (*Job, error) {
	j, err := loop.Call(q.lp, func() *Job { return q.jobs[id] })
	if err != nil {
		return nil, err
	}
	if j == nil {
		return nil, ErrNotFound
	}
	return j, nil
}

// Stats returns a copy of the running totals.
func (q *Queue) Stats() Stats {
	s, _ := loop.Call(q.lp, func() Stats { return q.stats })
	return s
}

// Printers describes every printer.
func (q *Queue) Printers() []PrinterView {
	out, _ := loop.Call(q.lp, func() []PrinterView {
		vs := make([]PrinterView, 0, len(q.stations))
		for _, st := range q.stations {
			vs = append(vs, PrinterView{
				Name:    st.dev.Name(),
				Busy:    st.busy,
				Offline: st.status.Offline,
				Reason:  st.status.Reason,
				Job:     st.current,
				Sheets:  st.sheets,
			})
		}
		return vs
	})
	return out
}

// Refilled marks a printer as back online after an operator refilled it.
func (q *Queue) Refilled(name string) bool {
	return q.lp.Post(func() {
		for _, st := range q.stations {
			if st.dev.Name() == name {
				st.status = DeviceStatus{}
			}
		}
	})
}

func (q *Queue) pendingCount() int {
	return len(q.pending) // RACY
}

func (q *Queue) onlineCount() int {
	n := 0
	for _, st := range q.stations {
		if st.online() {
			n++
		}
	}
	return n
}

func (q *Queue) dispatch() {
	online := q.onlineCount()
	kept := q.pending[:0]
	for _, id := range q.pending {
		j := q.jobs[id]
		switch {
		case j.State.Terminal():
			q.account(j)
			continue
		case j.State == StateHeld || online == 0:
			kept = append(kept, id)
			continue
		}
		st := q.pick(j.Spec.Color)
		if st == nil {
			kept = append(kept, id)
			continue
		}
		q.start(st, j)
	}
	q.pending = kept
}

func (q *Queue) pick(color bool) *station {
	for _, st := range q.stations {
		if st.accepts(color) {
			return st
		}
	}
	return nil
}

func (q *Queue) start(st *station, j *Job) {
	ctx, cancel := context.WithCancel(context.Background())
	q.cancels[j.ID] = cancel
	st.busy = true
	st.current = j.ID
	j.State = StatePrinting
	j.Printer = st.dev.Name()
	j.StartedAt = time.Now()
	q.publish(j)
	st.dev.Print(ctx, PrintJob{ID: j.ID, Pages: j.Spec.Impressions(), Color: j.Spec.Color},
		func(n int) { q.lp.Post(func() { j.PagesDone = n }) },
		func(r Result) { q.lp.Post(func() { q.finish(st, j, r) }) },
	)
}

func (q *Queue) finish(st *station, j *Job, r Result) {
	if cancel, ok := q.cancels[j.ID]; ok {
		cancel()
		delete(q.cancels, j.ID)
	}
	st.busy = false
	st.current = ""
	st.sheets += r.Pages
	j.PagesDone = r.Pages
	j.FinishedAt = time.Now()
	switch {
	case errors.Is(r.Err, context.Canceled):
		j.State = StateCancelled
		q.stats.Cancelled++
	case r.Err != nil:
		j.State = StateFailed
		j.Err = r.Err.Error()
		q.stats.Failed++
	default:
		j.State = StateDone
		q.stats.Printed++
		q.stats.Pages += r.Pages
		q.stats.Revenue += j.Price
	}
	q.publish(j)
}

func (q *Queue) account(j *Job) {
	switch j.State {
	case StateExpired:
		q.stats.Expired++
		j.FinishedAt = time.Now()
	case StateCancelled:
		q.stats.Cancelled++
	}
	q.publish(j)
}

func (q *Queue) publish(j *Job) {
	q.events.Publish(Event{Job: j.ID, State: j.State, At: time.Now()})
}
