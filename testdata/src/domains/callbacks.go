package domains

// A child loop configured with its parent's callback: the child calls the
// field on its own loop, so a callback writing the parent's state is a
// finding there, whether the child's loop calls the field itself or
// through a helper. Look-alikes: a callback that messages the parent's
// loop, and one that touches only the child's own state.

//confined:owner @parent
type Parent struct { // want Parent:"confined:owner@parent"
	mailbox chan string
	bad     map[string]int
}

//confined:owner @child
type Child struct { // want Child:"confined:owner@child"
	mailbox chan bool
	onFail  func(string)
	onDone  func()
	runs    int
}

func newChild(onFail func(string), onDone func()) *Child {
	c := &Child{mailbox: make(chan bool), onFail: onFail, onDone: onDone}
	go c.run()
	return c
}

//confined:loop @child
func (c *Child) run() { // want run:`confined:loop@child`
	for fail := range c.mailbox {
		c.handle(fail)
		c.onDone()
	}
}

func (c *Child) handle(fail bool) {
	if fail {
		c.onFail("child")
	}
}

func (c *Child) counted() { c.runs++ }

//confined:loop @parent
func (p *Parent) run() { // want run:`confined:loop@parent`
	for name := range p.mailbox {
		p.bad[name]++
		newChild(p.markBad, nil)
		newChild(p.report, nil)
	}
}

func (p *Parent) markBad(name string) {
	p.bad[name]++ // want `calls \(\*domains.Parent\).markBad on @parent state from the func stored in field onFail, which \(\*domains.Child\).handle calls on @child \(callbacks.go:\d+\)`
}

func (p *Parent) report(name string) { p.mailbox <- name }

// Spawn gives a child a callback on its own state.
func Spawn() {
	var c *Child
	c = newChild(func(string) {}, func() { c.counted() })
	_ = c
}
