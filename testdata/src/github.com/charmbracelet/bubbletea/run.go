package tea

// A counter is a model of the package itself, as Bubble Tea's own tests
// have: a goroutine running its program is the model's owner, and the
// Update calls Run makes there are its turns.
type counter struct{ n int }

func (c *counter) Init() Cmd { return nil } // want Init:`summary\(\)`

func (c *counter) Update(Msg) (Model, Cmd) { // want Update:`summary\(arg0 writes tea\.counter\.n\)`
	c.n++
	return c, nil
}

func (c *counter) View() string { return "" } // want View:`summary\(\)`

func runBeside() {
	p := NewProgram(&counter{})
	go func() { p.Run() }()
	p.Send(nil)
}
