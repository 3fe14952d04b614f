package servers

import "github.com/ergo-services/ergo/gen"

// A channel a server's Init makes is set up, as a constructor's is: ergo
// runs Init before any other turn, so a goroutine a later turn starts
// reads it racing with nothing. Look-alike: one a later turn makes anew
// is the turns' state, read beside them.
type Car struct {
	gen.Server
	halt  chan struct{}
	pause chan struct{}
	floor int
}

func (c *Car) Init(p *gen.ServerProcess) error { // want Init:`summary\(arg0 writes servers\.Car\.halt\)`
	c.halt = make(chan struct{})
	return nil
}

func (c *Car) HandleInfo(p *gen.ServerProcess, m any) { // want HandleInfo:`summary\(arg0 writes servers\.Car\.pause; started arg0\)`
	c.pause = make(chan struct{})
	go c.drive()
}

func (c *Car) drive() {
	select {
	case <-c.halt:
	case <-c.pause: // want `calls confined \(\*servers\.Car\)\.drive off the owner: this code runs via a go statement \(initialized\.go:\d+\); inside, it reads servers\.Car\.pause`
	}
}
