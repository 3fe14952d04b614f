// Package starter: a Start that fills the fields in and then starts the
// loop sets the value up; it writes no field beside the loop, which owns
// what it writes (a look-alike of suggestloopless/refresher's callers).
package starter

type Discover struct {
	queue   chan string
	done    chan string
	ongoing map[string]bool
	peers   []string
	name    string
}

func (d *Discover) Start(name string, peers []string) { // want Start:`summary\(started arg0; starts a loop\)` Start:`writes suggestownloop/starter\.Discover\.name, suggestownloop/starter\.Discover\.ongoing, suggestownloop/starter\.Discover\.peers`
	d.name = name
	d.peers = peers
	d.queue = make(chan string)
	d.done = make(chan string)
	d.ongoing = map[string]bool{}
	go d.loop()
}

func (d *Discover) Ask(topic string) { d.queue <- topic }

func (d *Discover) loop() { // want `suggest for \(\*starter\.Discover\)\.loop: //confined:loop: a goroutine runs it` loop:`confined:loop`
	for {
		select {
		case t := <-d.queue:
			d.ongoing[t] = true
		case t := <-d.done:
			delete(d.ongoing, t)
		}
	}
}
