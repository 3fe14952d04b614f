// Package tramboard is a terminal signalling board for a tram network,
// built with Bubble Tea.
package tramboard

import (
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"example.com/corpus/trial-fw24s/internal/interlock"
)

// Aspect is a tram signal indication.
type Aspect int

const (
	Stop Aspect = iota
	Proceed
	Caution
)

func (a Aspect) String() string {
	return [...]string{"STOP", "GO", "CAUTION"}[a]
}

// Line is a tram line shown on the board.
type Line struct {
	ID      string
	Name    string
	Signals []string
}

// Route is a path through a junction.
type Route struct {
	Name     string
	Segments []string
}

// Feed reads live signal aspects and stop departures from the field.
type Feed interface {
	Aspects(line string) (map[string]Aspect, error)
	Departures(line string) ([]string, error)
}

// Field talks to junction equipment.
type Field interface {
	Confirm(route string) error
}

// Messages.
type (
	aspectsMsg struct {
		Line    string
		Aspects map[string]Aspect
	}
	departuresMsg struct {
		Line  string
		Times []string
	}
	heartbeatMsg time.Time
	clockMsg     time.Time
	routeSetMsg  struct {
		Route Route
		Err   error
	}
	routeCancelledMsg struct{ Route string }
	// OccupancyMsg reports a track-circuit change.
	OccupancyMsg struct {
		Segment  string
		Occupied bool
	}
	// VehicleMsg reports a tram position from the AVL feed.
	VehicleMsg struct {
		Tram, Stop string
	}
	// PollMsg asks the board to refresh aspects for the selected line.
	PollMsg struct{}
	errMsg  struct{ err error }
)

// Board is the root model.
type Board struct {
	lines      []Line
	routes     []Route
	selected   int
	aspects    map[string]Aspect
	departures []string
	vehicles   map[string]string
	lastBeat   time.Time
	now        time.Time
	alarms     []string
	errors     int
	table      *interlock.Table
	feed       Feed
	field      Field
	beatEvery  time.Duration
	clockEvery time.Duration
	handled    *atomic.Int64
}

// Config configures a Board.
type Config struct {
	Lines      []Line
	Routes     []Route
	Segments   []string
	Feed       Feed
	Field      Field
	BeatEvery  time.Duration
	ClockEvery time.Duration
}

// New returns a board model.
func New(cfg Config) *Board {
	return &Board{
		lines:      cfg.Lines,
		routes:     cfg.Routes,
		aspects:    make(map[string]Aspect),
		vehicles:   make(map[string]string),
		table:      interlock.NewTable(cfg.Segments...),
		feed:       cfg.Feed,
		field:      cfg.Field,
		beatEvery:  cfg.BeatEvery,
		clockEvery: cfg.ClockEvery,
		handled:    new(atomic.Int64),
	}
}

// Handled counts processed messages; safe to read from any goroutine.
func (b *Board) Handled() int64 { return b.handled.Load() }

// Init implements tea.Model.
func (b *Board) Init() tea.Cmd {
	var cmds []tea.Cmd
	if b.beatEvery > 0 {
		cmds = append(cmds, tea.Tick(b.beatEvery, b.beat))
	}
	if b.clockEvery > 0 {
		cmds = append(cmds, clockTick(b.clockEvery))
	}
	return tea.Batch(cmds...)
}

func (b *Board) beat(t time.Time) tea.Msg {
	b.lastBeat = t // RACY
	return heartbeatMsg(t)
}

func clockTick(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(t time.Time) tea.Msg { return clockMsg(t) })
}

// Update implements tea.Model.
func (b *Board) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer b.handled.Add(1)
	b.checkStale()
	switch m := msg.(type) {
	case tea.KeyPressMsg:
		return b, b.handleKey(m.String())
	case PollMsg:
		return b, b.pollAspects()
	case aspectsMsg:
		if m.Line == b.lines[b.selected].ID {
			b.aspects = m.Aspects
		}
	case departuresMsg:
		b.departures = m.Times
	case heartbeatMsg:
		return b, tea.Tick(b.beatEvery, b.beat)
	case clockMsg:
		b.now = time.Time(m)
		return b, clockTick(b.clockEvery)
	case routeSetMsg:
		if m.Err == nil {
			m.Err = b.table.Lock(m.Route.Name, m.Route.Segments)
		}
		if m.Err != nil {
			b.raise(m.Err.Error())
		}
	case routeCancelledMsg:
		b.table.Sweep()
	case OccupancyMsg:
		b.table.Occupy(m.Segment, m.Occupied)
		b.table.Sweep()
	case VehicleMsg:
		b.vehicles[m.Tram] = m.Stop
	case errMsg:
		b.errors++
		b.raise(m.err.Error())
	}
	return b, nil
}

func (b *Board) checkStale() {
	if b.beatEvery > 0 && !b.lastBeat.IsZero() && time.Since(b.lastBeat) > 3*b.beatEvery {
		b.raise("heartbeat lost")
	}
}

func (b *Board) raise(s string) {
	b.alarms = append(b.alarms, s)
	if len(b.alarms) > 20 {
		b.alarms = b.alarms[1:]
	}
}

func (b *Board) handleKey(k string) tea.Cmd {
	switch k {
	case "q", "ctrl+c":
		return tea.Quit
	case "j", "down":
		b.selected = (b.selected + 1) % len(b.lines)
		return b.departuresCmd()
	case "k", "up":
		b.selected = (b.selected + len(b.lines) - 1) % len(b.lines)
		return b.departuresCmd()
	case "r":
		return b.pollAspects()
	}
	if n := routeIndex(k); n >= 0 && n < len(b.routes) {
		return b.setRouteCmd(b.routes[n])
	}
	if strings.HasPrefix(k, "shift+") {
		if n := routeIndex(strings.TrimPrefix(k, "shift+")); n >= 0 && n < len(b.routes) {
			return b.cancelRouteCmd(b.routes[n].Name)
		}
	}
	return nil
}

func routeIndex(k string) int {
	if len(k) == 1 && k[0] >= '1' && k[0] <= '9' {
		return int(k[0] - '1')
	}
	return -1
}

// pollAspects fetches the aspects of the selected line.
func (b *Board) pollAspects() tea.Cmd {
	return func() tea.Msg {
		line := b.currentLineID()
		a, err := b.feed.Aspects(line)
		if err != nil {
			return errMsg{err}
		}
		return aspectsMsg{Line: line, Aspects: a}
	}
}

func (b *Board) currentLineID() string {
	i := b.selected // RACY
	return b.lines[i].ID
}

// departuresCmd fetches the next departures of the selected line.
func (b *Board) departuresCmd() tea.Cmd {
	line, feed := b.lines[b.selected].ID, b.feed
	return func() tea.Msg {
		t, err := feed.Departures(line)
		if err != nil {
			return errMsg{err}
		}
		return departuresMsg{Line: line, Times: t}
	}
}

func (b *Board) setRouteCmd(r Route) tea.Cmd {
	field := b.field
	return func() tea.Msg {
		return routeSetMsg{Route: r, Err: field.Confirm(r.Name)}
	}
}

func (b *Board) cancelRouteCmd(route string) tea.Cmd {
	return func() tea.Msg {
		if err := b.field.Confirm("cancel " + route); err != nil {
			return errMsg{err}
		}
		b.table.Cancel(route)
		return routeCancelledMsg{Route: route}
	}
}

// View implements tea.Model.
func (b *Board) View() tea.View {
	var s strings.Builder
	l := b.lines[b.selected]
	fmt.Fprintf(&s, "%s  %s\n", l.ID, l.Name)
	for _, sig := range l.Signals {
		fmt.Fprintf(&s, "  %-6s %s\n", sig, b.aspects[sig])
	}
	fmt.Fprintf(&s, "next: %s\n", strings.Join(b.departures, " "))
	for _, r := range b.routes {
		state := "free"
		if len(r.Segments) > 0 && b.table.Locked(r.Segments[0]) == r.Name {
			state = "SET"
		}
		fmt.Fprintf(&s, "route %-8s %s\n", r.Name, state)
	}
	if n := len(b.alarms); n > 0 {
		fmt.Fprintf(&s, "ALARM: %s\n", b.alarms[n-1])
	}
	return tea.NewView(s.String())
}

// StreamVehicles forwards AVL positions into the program until done closes.
func StreamVehicles(p *tea.Program, positions <-chan VehicleMsg, done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		case v := <-positions:
			p.Send(v)
		}
	}
}
