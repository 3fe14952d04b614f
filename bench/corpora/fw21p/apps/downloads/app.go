package downloads

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
)

// App ties a Model to a running Bubble Tea program.
type App struct {
	model   Model
	program *tea.Program
}

// NewApp creates the program for m. Program options are passed through.
func NewApp(m Model, popts ...tea.ProgramOption) *App {
	a := &App{}
	m.send = a.Send
	a.model = m
	a.program = tea.NewProgram(m, popts...)
	return a
}

// Send delivers msg to the program.
func (a *App) Send(msg tea.Msg) { a.program.Send(msg) }

// Quit stops the program.
func (a *App) Quit() { a.program.Quit() }

// API returns the HTTP control interface for this app.
func (a *App) API() *API { return NewAPI(a.model, a.Send) }

// Run blocks until the program exits and returns the final model.
func (a *App) Run() (Model, error) {
	final, err := a.program.Run()
	if err != nil {
		return a.model, err
	}
	m, ok := final.(Model)
	if !ok {
		return a.model, fmt.Errorf("downloads: unexpected model %T", final)
	}
	return m, nil
}
