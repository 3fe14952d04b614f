// Package suggestcallerrun: an exported method receiving work in a loop
// from its receiver's channel, which no code of the package starts: its
// callers run it (go b.Run()), and that goroutine owns the board.
// Look-alikes: a method draining a channel it is handed, and an
// unexported one nobody starts.
package suggestcallerrun

type Board struct { // want `suggest for suggestcallerrun.Board: //confined:owner: code on the owner \(\(\*suggestcallerrun.Board\).Run\) writes its field scores without a lock`
	events chan string
	scores map[string]int
}

func New() *Board { return &Board{events: make(chan string), scores: map[string]int{}} }

// Run applies events until the channel closes. Start it with go b.Run().
func (b *Board) Run() { // want `suggest for \(\*suggestcallerrun.Board\).Run: //confined:loop: its callers run it` Run:"confined:loop" Run:"writes suggestcallerrun.Board.scores"
	for id := range b.events {
		b.scores[id]++
	}
}

func (b *Board) Score(id string) { b.events <- id }

type Tally struct {
	counts map[string]int
}

// Drain counts what it is handed: the caller's channel, not a mailbox.
func (t *Tally) Drain(in chan string) { // want Drain:"writes suggestcallerrun.Tally.counts"
	for id := range in {
		t.counts[id]++
	}
}

type ledger struct {
	events chan string
	n      int
}

func (l *ledger) run() {
	for range l.events {
		l.n++
	}
}

// Next waits for an event and returns it: a call any goroutine makes.
func (b *Board) Next() string { // want Next:"writes suggestcallerrun.Board.scores" Next:`summary\(waits on arg0\)`
	for id := range b.events {
		if id != "" {
			delete(b.scores, id)
			return id
		}
	}
	return ""
}

// A pump the package starts itself, through an interface: how it runs is
// the package's to show, not its callers'.
type driver interface{ Drive() }

type Pump struct {
	in    chan int
	total int
}

func (p *Pump) Drive() { // want Drive:"writes suggestcallerrun.Pump.total"
	for n := range p.in {
		p.total += n
	}
}

func startAll(ds []driver) {
	for _, d := range ds {
		go d.Drive()
	}
}
