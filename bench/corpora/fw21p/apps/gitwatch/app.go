package gitwatch

import (
	"context"
	"errors"

	tea "github.com/charmbracelet/bubbletea"
)

// App runs the model together with a file watcher.
type App struct {
	model   Model
	watcher Watcher
	program *tea.Program
}

// NewApp wires a model to a Bubble Tea program. Program options are passed
// through to tea.NewProgram.
func NewApp(m Model, w Watcher, popts ...tea.ProgramOption) *App {
	return &App{
		model:   m,
		watcher: w,
		program: tea.NewProgram(m, popts...),
	}
}

// Send delivers msg to the running program.
func (a *App) Send(msg tea.Msg) { a.program.Send(msg) }

// Quit asks the program to exit.
func (a *App) Quit() { a.program.Quit() }

// Run blocks until the program exits and returns the final model.
func (a *App) Run(ctx context.Context) (Model, error) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	if a.watcher != nil {
		go func() {
			defer close(done)
			forwardEvents(ctx, a.watcher, a.model.repo, a.model.stats, a.program.Send)
		}()
	} else {
		close(done)
	}
	final, err := a.program.Run()
	cancel()
	<-done
	m, ok := final.(Model)
	if !ok {
		return a.model, errors.Join(err, errors.New("gitwatch: unexpected model type"))
	}
	return m, err
}
