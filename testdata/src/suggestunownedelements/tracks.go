// Package suggestunownedelements: a loop writing the fields of the
// structs a slice holds, whose type gets no owner (the package hands
// tracks over): the slice's field gets no :any either, or a write of
// plays off the loop would hide behind it.
package suggestunownedelements

type track struct {
	name  string
	plays int
}

type player struct { // want `suggest for suggestunownedelements.player: //confined:owner`
	in     chan int
	out    chan *track
	n      int
	tracks []track
}

func newPlayer() *player {
	p := &player{in: make(chan int), out: make(chan *track), tracks: []track{{name: "a"}}}
	go p.run()
	return p
}

func (p *player) run() { // want `suggest for \(\*suggestunownedelements.player\).run: //confined:loop` run:`confined:loop`
	for i := range p.in {
		p.n++
		p.tracks[i].plays++
	}
}

// Announce hands a new track over.
func (p *player) Announce(name string) { p.out <- &track{name: name} }

// Play writes plays off the loop.
func (p *player) Play(i int) { // want Play:`summary\(started arg0\)`
	go func() { p.tracks[i].plays = 9 }()
}
