// Package reader: a goroutine of a turn's actor, ranging a feed its
// caller hands it, runs off the actor's owner. It is no loop of its own:
// the turns own the actor, and what the goroutine writes is the check's
// finding.
package reader

// A Receiver handles one message at a time, on its owner.
type Receiver interface {
	//confined:loop
	Receive(msg any) // want Receive:`confined:loop` Receive:`summary`
}

type player struct {
	pos map[string]int
}

func newPlayer() Receiver { return &player{pos: map[string]int{}} }

func (p *player) Receive(msg any) { p.pos["me"]++ } // want Receive:`summary` Receive:`writes suggestturns/reader.player.pos`

func (p *player) connect(feed <-chan string) {
	go p.readLoop(feed)
}

func (p *player) readLoop(feed <-chan string) {
	for id := range feed {
		p.pos[id] = 0
	}
}
