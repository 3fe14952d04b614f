package app

// Look-alike of turns/actors: the framework's turns are handed no context
// of the actor's own (a UI or game loop's Update, a widget's Tapped), so
// nested models all run on the one loop: a model's turn touching another
// model's state it holds is on that owner too.
type page struct {
	title string
	n     int
}

func (p *page) Receive(msg any) { p.n++ } // want Receive:`summary\(arg0 writes app\.page\.n\)`

func (p *page) retitle(s string) { p.title = s }

type shell struct {
	current *page
	onTitle func(string)
}

func newShell(p *page) *shell { return &shell{current: p, onTitle: p.retitle} }

func (s *shell) Receive(msg any) { // want Receive:`summary\(arg0 writes app\.page\.n; invokes arg0\)`
	s.current.n++
	s.onTitle("home")
}
