// Package tea stands in for Bubble Tea v2, in small and with no model of
// its own (as the real package has none outside its tests): a test
// library running its programs touches nothing confined of its own.
package tea

type Msg any

type Cmd func() Msg

type Model interface {
	Init() Cmd
	Update(Msg) (Model, Cmd)
	View() string
}

type Program struct {
	model Model
	msgs  chan Msg
}

func NewProgram(model Model) *Program {
	return &Program{model: model, msgs: make(chan Msg)}
}

// Run is the event loop.
func (p *Program) Run() (Model, error) {
	for msg := range p.msgs {
		p.model, _ = p.model.Update(msg)
		_ = p.model.View()
	}
	return p.model, nil
}

func (p *Program) Send(msg Msg) { p.msgs <- msg }

func (p *Program) Quit() { close(p.msgs) }
