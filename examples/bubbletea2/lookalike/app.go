// Package lookalike is a Bubble Tea v2 app as its author would write it,
// with no directive at all: the built-in bubbletea2 pack says that the
// program calls Init, Update and View as turns of its event loop, which
// confines the model to that loop. Lines marked "// racy:" (with a piece of
// the finding) touch the model off the loop; the other shapes are the safe
// look-alikes authors also write. ../checker_test.go checks that
// confinecheck reports exactly the marked lines; ../race_test.go makes the
// race detector report each of them, and none on the safe keys.
package lookalike

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

// model is the app's state.
type model struct {
	items  []string
	status string
	ticks  int
	saved  int
	prog   *tea.Program // the program running the model; set before it runs
}

// A StatusMsg says what happened; Update shows it.
type StatusMsg string

type itemsMsg []string
type tickMsg time.Time

// Load is where the items come from.
var Load = func() []string { return []string{"a", "b"} }

// blink is how long the app's short timers wait.
const blink = 20 * time.Millisecond

// New returns the program that runs the app, with the options opts.
func New(opts ...tea.ProgramOption) *tea.Program {
	m := &model{}
	p := tea.NewProgram(m, opts...)
	m.prog = p
	return p
}

func (m *model) Init() tea.Cmd {
	return tea.Batch(loadItems, tick())
}

// loadItems is a Cmd that touches nothing of the model: safe.
func loadItems() tea.Msg { return itemsMsg(Load()) }

// tick is a Tick whose func only makes a Msg: safe.
func tick() tea.Cmd {
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return tickMsg(t) })
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case itemsMsg:
		m.items = msg // on the loop: safe
	case tickMsg:
		m.ticks++
		return m, tick()
	case StatusMsg:
		m.status = string(msg)
	case tea.KeyPressMsg:
		p := m.prog
		switch msg.String() {
		case "r":
			// A Cmd closure over the model.
			return m, func() tea.Msg {
				m.items = Load() // racy: writes confined lookalike.model.items
				return StatusMsg("loaded")
			}
		case "s":
			return m, m.save
		case "e":
			return m, tea.Tick(blink, func(time.Time) tea.Msg {
				m.ticks++ // racy: writes confined lookalike.model.ticks
				return StatusMsg("ticked")
			})
		case "t":
			// The retry-on-a-timer shape.
			time.AfterFunc(blink, func() {
				m.ticks = 0 // racy: writes confined lookalike.model.ticks
				p.Send(StatusMsg("reset"))
			})
		case "g":
			go func() {
				m.status = "loading" // racy: writes confined lookalike.model.status
				p.Send(StatusMsg("sent"))
			}()
		case "h":
			go m.refresh(p)

		// The safe look-alikes.
		case "c":
			// A Cmd that captures a copy made on the loop.
			items := slices.Clone(m.items)
			return m, func() tea.Msg { return StatusMsg(strings.Join(items, ",")) }
		case "p":
			// A goroutine that only sends a Msg back.
			go func() { p.Send(StatusMsg("pinged")) }()
		case "l":
			// A goroutine that touches only its own locals.
			go func() {
				n := 0
				for _, s := range Load() {
					n += len(s)
				}
				p.Send(StatusMsg("counted " + strconv.Itoa(n)))
			}()
		case "v":
			// The arguments of a go statement are evaluated on the loop.
			go report(p, m.status, len(m.items))
		case "a":
			// A timer that only sends a Msg back.
			time.AfterFunc(blink, func() { p.Send(StatusMsg("later")) })
		case "b":
			// A Batch of Cmds that only return Msgs.
			return m, tea.Batch(loadItems, func() tea.Msg { return StatusMsg("batched") })
		case "q":
			return m, tea.Quit
		}
	}
	return m, nil
}

// save is a method used as a Cmd.
func (m *model) save() tea.Msg {
	m.saved++ // racy: calls confined (*lookalike.model).save
	return StatusMsg("saved")
}

// refresh reloads the items and tells the program.
func (m *model) refresh(p *tea.Program) {
	m.items = Load() // racy: calls confined (*lookalike.model).refresh
	p.Send(StatusMsg("refreshed"))
}

// report sends what it was given: it touches nothing of the model.
func report(p *tea.Program, status string, n int) {
	p.Send(StatusMsg(fmt.Sprintf("reported %q, %d items", status, n)))
}

func (m *model) View() tea.View {
	return tea.NewView(fmt.Sprintf("%s\nticks %d, saved %d\n%s\n", strings.Join(m.items, ", "), m.ticks, m.saved, m.status))
}
