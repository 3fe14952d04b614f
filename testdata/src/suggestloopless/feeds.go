package suggestloopless

import "suggestfeed"

// Goroutines send on a feed kept by value in a field, whose methods take
// its lock: calling them writes nothing another goroutine sees unguarded.
type broadcaster struct {
	events suggestfeed.Feed
}

func (n *broadcaster) Start() { // want Start:`summary\(started arg0\)`
	go func() { n.events.Send(1) }()
}

func (n *broadcaster) Watch(ch chan int) { n.events.Subscribe(ch) } // want Watch:`reads suggestloopless\.broadcaster\.events`
