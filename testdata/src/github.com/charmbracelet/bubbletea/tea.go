// Package tea stands in for Bubble Tea, in small: the built-in bubbletea
// pack applies to every package with it in view. A Program's Run calls the
// model's Update and View on the caller's goroutine until it quits.
package tea

type Msg any

type Cmd func() Msg

type Model interface {
	Init() Cmd
	Update(Msg) (Model, Cmd) // want Update:`summary\(arg0 calls \(\*tea\.counter\)\.Update if arg0 is github\.com/charmbracelet/bubbletea\.counter\)`
	View() string
}

type Program struct {
	model Model
	msgs  chan Msg
}

func NewProgram(model Model) *Program { // want NewProgram:`summary\(\)`
	return &Program{model: model, msgs: make(chan Msg)}
}

// Run is the event loop.
func (p *Program) Run() (Model, error) { // want Run:`summary\(arg0 calls \(\*tea\.counter\)\.Update\)`
	for msg := range p.msgs {
		p.model, _ = p.model.Update(msg)
		_ = p.model.View()
	}
	return p.model, nil
}

func (p *Program) Send(msg Msg) { p.msgs <- msg }

func (p *Program) Quit() { close(p.msgs) }
