package holdsdesk

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"example.com/corpus/trial-fw23r/apps/holdsdesk/scanner"
)

// Notifier emails patrons.
type Notifier interface {
	Notify(ctx context.Context, to, subject, body string) error
}

// Store persists hold records.
type Store interface {
	Save(ctx context.Context, recs []Record) error
}

type mode int

const (
	browsing mode = iota
	placingHold
)

// maxNotifyAttempts is how often the desk tries to email a patron before
// staff have to phone them.
const maxNotifyAttempts = 3

// Model is the holds desk screen.
type Model struct {
	desk      *Desk
	notifier  Notifier
	store     Store
	clock     func() time.Time
	tickEvery time.Duration
	timeout   time.Duration

	mode      mode
	input     string
	cursor    int
	status    string
	notifying map[string]bool
	lastSave  time.Time
}

// Option configures a Model.
type Option func(*Model)

// WithClock overrides time.Now.
func WithClock(now func() time.Time) Option { return func(m *Model) { m.clock = now } }

// WithTick sets how often the desk checks the returns chute and the shelf.
func WithTick(d time.Duration) Option { return func(m *Model) { m.tickEvery = d } }

// NewModel builds the desk screen.
func NewModel(desk *Desk, n Notifier, s Store, opts ...Option) Model {
	m := Model{
		desk:      desk,
		notifier:  n,
		store:     s,
		clock:     time.Now,
		tickEvery: 5 * time.Second,
		timeout:   10 * time.Second,
		notifying: make(map[string]bool),
		status:    "Ready",
	}
	for _, opt := range opts {
		opt(&m)
	}
	return m
}

// Desk exposes the model's desk, e.g. to wire the returns chute.
func (m Model) Desk() *Desk { return m.desk }

// Status is the status line text.
func (m Model) Status() string { return m.status }

// ScanMsg is a barcode read by the front-desk wand.
type ScanMsg scanner.Scan

// PlaceHoldMsg places a hold, as submitted from the hold form or the
// catalogue kiosk.
type PlaceHoldMsg struct {
	PatronID string
	ISBN     string
}

// TickMsg drives periodic housekeeping.
type TickMsg time.Time

type patronNotifiedMsg struct {
	holdID string
	at     time.Time
	err    error
}

type remindersSentMsg struct {
	sent int
	err  error
}

type exportedMsg struct {
	count int
	err   error
}

func tick(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(t time.Time) tea.Msg { return TickMsg(t) })
}

// Init implements tea.Model.
func (m Model) Init() tea.Cmd {
	if m.tickEvery <= 0 {
		return nil
	}
	return tick(m.tickEvery)
}

// Update implements tea.Model.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		return m.handleKey(msg)
	case ScanMsg:
		return m.checkIn(msg.Barcode)
	case PlaceHoldMsg:
		return m.placeHold(msg.PatronID, msg.ISBN)
	case TickMsg:
		return m.housekeeping(time.Time(msg))
	case patronNotifiedMsg:
		delete(m.notifying, msg.holdID)
		if h := m.desk.Hold(msg.holdID); h != nil {
			if msg.err != nil {
				m.status = fmt.Sprintf("Could not email patron for %s: %v", h.ID, msg.err)
			} else {
				h.NotifiedAt = msg.at
			}
		}
	case remindersSentMsg:
		if msg.err != nil {
			m.status = "Reminders failed: " + msg.err.Error()
		} else {
			m.status = fmt.Sprintf("Sent %d pickup reminders", msg.sent)
		}
	case exportedMsg:
		if msg.err != nil {
			m.status = "Export failed: " + msg.err.Error()
		} else {
			m.status = fmt.Sprintf("Exported %d holds", msg.count)
			m.lastSave = m.clock()
		}
	}
	return m, nil
}

func (m Model) handleKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	if m.mode == placingHold {
		return m.handleFormKey(k)
	}
	switch k.String() {
	case "q", "ctrl+c":
		return m, tea.Quit
	case "up", "k":
		if m.cursor > 0 {
			m.cursor--
		}
	case "down", "j":
		if m.cursor < len(m.desk.Holds())-1 {
			m.cursor++
		}
	case "h":
		m.mode, m.input = placingHold, ""
	case "c":
		holds := m.desk.Holds()
		if m.cursor < len(holds) {
			if err := m.desk.Collect(holds[m.cursor].ID); err != nil {
				m.status = err.Error()
			} else {
				m.status = "Collected " + holds[m.cursor].ID
			}
		}
	case "r":
		return m, remindersCmd(m.notifier, m.pickupReminders(), m.timeout)
	case "e":
		return m, exportCmd(m.store, m.desk.Records(), m.timeout)
	case "ctrl+s":
		m.status = "Saving…"
		go m.persist()
	}
	return m, nil
}

func (m Model) handleFormKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch k.Type {
	case tea.KeyEsc:
		m.mode, m.input = browsing, ""
	case tea.KeyEnter:
		fields := strings.Fields(m.input)
		m.mode, m.input = browsing, ""
		if len(fields) != 2 {
			m.status = "Enter: <patron id> <isbn>"
			return m, nil
		}
		return m.placeHold(fields[0], fields[1])
	case tea.KeyBackspace:
		if len(m.input) > 0 {
			m.input = m.input[:len(m.input)-1]
		}
	case tea.KeyRunes, tea.KeySpace:
		m.input += string(k.Runes)
	}
	return m, nil
}

func (m Model) placeHold(patronID, isbn string) (tea.Model, tea.Cmd) {
	h, err := m.desk.PlaceHold(patronID, isbn, m.clock())
	if err != nil {
		m.status = err.Error()
		return m, nil
	}
	m.status = fmt.Sprintf("Hold %s placed, position %d", h.ID, m.desk.Position(h))
	return m, nil
}

func (m Model) checkIn(barcode string) (tea.Model, tea.Cmd) {
	h, err := m.desk.CheckIn(barcode, m.clock())
	switch {
	case errors.Is(err, ErrUnknownItem):
		m.status = "Not our item: " + barcode
		return m, nil
	case err != nil:
		m.status = err.Error()
		return m, nil
	case h == nil:
		m.status = "Returned to stacks: " + barcode
		return m, nil
	}
	m.status = fmt.Sprintf("Put %s on the holds shelf for %s", barcode, h.PatronID)
	return m, m.notifyReady(h)
}

func (m Model) notifyReady(h *Hold) tea.Cmd {
	p, ok := m.desk.Patron(h.PatronID)
	if !ok || p.Email == "" || m.notifying[h.ID] {
		return nil
	}
	m.notifying[h.ID] = true
	t, _ := m.desk.Title(h.ISBN)
	return notifyPatronCmd(m.notifier, h, p, t, m.timeout)
}

func (m Model) housekeeping(now time.Time) (tea.Model, tea.Cmd) {
	var cmds []tea.Cmd
	for _, s := range m.desk.PendingReturns() {
		var cmd tea.Cmd
		var next tea.Model
		next, cmd = m.checkIn(s.Barcode)
		m = next.(Model)
		cmds = append(cmds, cmd)
	}
	for _, h := range m.desk.ExpireUncollected(now) {
		cmds = append(cmds, m.notifyReady(h))
	}
	for _, h := range m.desk.Holds() {
		if h.Status == Ready && h.NotifiedAt.IsZero() && h.NotifyAttempts < maxNotifyAttempts {
			cmds = append(cmds, m.notifyReady(h))
		}
	}
	if m.tickEvery > 0 {
		cmds = append(cmds, tick(m.tickEvery))
	}
	return m, tea.Batch(cmds...)
}

func (m Model) pickupReminders() []reminder {
	byPatron := make(map[string]*reminder)
	var order []string
	now := m.clock()
	for _, h := range m.desk.Holds() {
		if h.Status != Ready || h.PickupBy.Sub(now) > 48*time.Hour {
			continue
		}
		p, ok := m.desk.Patron(h.PatronID)
		if !ok || p.Email == "" {
			continue
		}
		r := byPatron[p.ID]
		if r == nil {
			r = &reminder{Email: p.Email, Name: p.Name, PickupBy: h.PickupBy}
			byPatron[p.ID] = r
			order = append(order, p.ID)
		}
		t, _ := m.desk.Title(h.ISBN)
		r.Titles = append(r.Titles, t.Name)
		if h.PickupBy.Before(r.PickupBy) {
			r.PickupBy = h.PickupBy
		}
	}
	out := make([]reminder, 0, len(order))
	for _, id := range order {
		out = append(out, *byPatron[id])
	}
	return out
}
