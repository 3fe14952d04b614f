package downloads

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"example.com/corpus/trial-fw21p/internal/transfer"
)

// Option configures a Model.
type Option func(*Model)

// WithMaxActive limits concurrent downloads (default 3).
func WithMaxActive(n int) Option { return func(m *Model) { m.queue.maxActive = n } }

// WithStallTimeout sets how long a download may go without data before it
// is flagged as stalled.
func WithStallTimeout(d time.Duration) Option { return func(m *Model) { m.stallAfter = d } }

// WithRetries sets how often a failed download is retried and the base delay.
func WithRetries(n int, base time.Duration) Option {
	return func(m *Model) { m.maxRetries, m.retryBase = n, base }
}

// WithClock replaces time.Now.
func WithClock(now func() time.Time) Option { return func(m *Model) { m.now = now } }

// Model is the Bubble Tea model of the download manager.
type Model struct {
	ctx        context.Context
	fetcher    Fetcher
	dir        string
	queue      *Queue
	history    *History
	total      *atomic.Int64
	send       func(tea.Msg)
	stallAfter time.Duration
	retryBase  time.Duration
	maxRetries int
	now        func() time.Time
	cursor     int
	width      int
	notice     string
	quitting   bool
}

// New returns a model that stores downloads in dir.
func New(ctx context.Context, f Fetcher, dir string, opts ...Option) Model {
	m := Model{
		ctx:        ctx,
		fetcher:    f,
		dir:        dir,
		queue:      newQueue(3),
		history:    &History{},
		total:      new(atomic.Int64),
		send:       func(tea.Msg) {},
		stallAfter: 30 * time.Second,
		retryBase:  time.Second,
		maxRetries: 3,
		now:        time.Now,
		width:      100,
	}
	for _, opt := range opts {
		opt(&m)
	}
	return m
}

// AddMsg asks the model to queue a URL.
type AddMsg struct{ URL string }

type retryMsg struct{ id int }

// Init implements tea.Model.
func (m Model) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.WindowSizeMsg:
		m.width = msg.Width
	case AddMsg:
		if _, err := m.queue.add(msg.URL, m.dir, m.now()); err != nil {
			m.notice = err.Error()
			return m, nil
		}
		m.notice = ""
		return m, m.schedule()
	case sizeMsg:
		if j := m.queue.byID(msg.id); j != nil && j.meter != nil {
			j.meter.SetTotal(msg.size)
		}
	case progressMsg:
		m.onProgress(msg)
	case doneMsg:
		return m, m.onDone(msg)
	case retryMsg:
		if j := m.queue.byID(msg.id); j != nil && j.state == StateFailed {
			j.state = StateQueued
			return m, m.schedule()
		}
	}
	return m, nil
}

func (m Model) handleKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch msg.String() {
	case "q", "ctrl+c":
		m.quitting = true
		for _, j := range m.queue.jobs {
			j.stopWatchdog()
			if j.cancel != nil {
				j.cancel()
			}
		}
		return m, tea.Quit
	case "j", "down":
		if m.cursor < len(m.queue.jobs)-1 {
			m.cursor++
		}
	case "k", "up":
		if m.cursor > 0 {
			m.cursor--
		}
	case "p":
		if j := m.selected(); j != nil && j.state == StateActive {
			j.state = StatePaused
			j.stopWatchdog()
			j.cancel()
		}
	case "r":
		if j := m.selected(); j != nil && j.state == StatePaused {
			return m, m.resumeJob(j)
		}
	case "P":
		m.queue.paused = !m.queue.paused
		if !m.queue.paused {
			return m, m.schedule()
		}
	case "x":
		if j := m.selected(); j != nil && j.state != StateActive {
			m.queue.remove(j.ID)
			if m.cursor >= len(m.queue.jobs) && m.cursor > 0 {
				m.cursor--
			}
		}
	}
	return m, nil
}

func (m Model) selected() *Job {
	if m.cursor < 0 || m.cursor >= len(m.queue.jobs) {
		return nil
	}
	return m.queue.jobs[m.cursor]
}

// schedule starts as many queued jobs as the limit allows.
func (m Model) schedule() tea.Cmd {
	var cmds []tea.Cmd
	for _, j := range m.queue.runnable() {
		cmds = append(cmds, m.startJob(j))
	}
	return tea.Batch(cmds...)
}

func (m Model) activate(j *Job) (context.Context, request) {
	ctx, cancel := context.WithCancel(m.ctx)
	j.state = StateActive
	j.cancel = cancel
	j.err = nil
	j.stalled = false
	j.attempts++
	j.watchdog = time.AfterFunc(m.stallAfter, j.markStalled)
	return ctx, request{id: j.ID, url: j.URL, partial: j.partialPath(), dest: j.Dest}
}

func (m Model) startJob(j *Job) tea.Cmd {
	j.meter = transfer.NewMeter(-1, m.now())
	ctx, req := m.activate(j)
	return download(ctx, m.fetcher, req, m.send, m.total)
}

func (m Model) resumeJob(j *Job) tea.Cmd {
	j.meter = transfer.NewMeter(-1, m.now())
	ctx, req := m.activate(j)
	return resume(ctx, m.fetcher, req, j.meter, m.send, m.total)
}

func (m Model) onProgress(msg progressMsg) {
	j := m.queue.byID(msg.id)
	if j == nil || j.state != StateActive {
		return
	}
	j.meter.Add(msg.n)
	j.meter.Sample(m.now())
	j.stalled = false
	if j.watchdog != nil {
		j.watchdog.Reset(m.stallAfter)
	}
}

func (m Model) onDone(msg doneMsg) tea.Cmd {
	j := m.queue.byID(msg.id)
	if j == nil {
		return nil
	}
	j.stopWatchdog()
	if j.cancel != nil {
		j.cancel()
		j.cancel = nil
	}
	if j.state == StatePaused && errors.Is(msg.err, context.Canceled) {
		return m.schedule()
	}
	if msg.err != nil {
		j.state = StateFailed
		j.err = msg.err
		m.history.record(j, m.now())
		if j.attempts <= m.maxRetries {
			delay := m.retryBase << (j.attempts - 1)
			id := j.ID
			return tea.Batch(m.schedule(), tea.Tick(delay, func(time.Time) tea.Msg { return retryMsg{id: id} }))
		}
		return m.schedule()
	}
	j.state = StateDone
	j.stalled = false
	j.finished = m.now()
	m.history.record(j, j.finished)
	return m.schedule()
}
