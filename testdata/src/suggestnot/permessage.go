package suggestnot

import "time"

// A wire message is built and filled per turn of the loop, and decoded by
// a timer's goroutine for itself too: the loop keeps none of them across
// turns, so nothing owns the message type; the peer, whose last message
// the loop keeps, is its loop's.
type wireMsg struct {
	id   int
	body []byte
}

func (m *wireMsg) decode(b []byte) {
	m.id = int(b[0])
	m.body = b[1:]
}

type peer struct { // want `suggest for suggestnot.peer: //confined:owner: code on the owner \(\(\*suggestnot.peer\).read\) writes its field last without a lock`
	in   chan []byte
	last []byte
}

func newPeer() *peer {
	p := &peer{in: make(chan []byte)}
	go p.read()
	time.AfterFunc(time.Second, func() {
		probe := &wireMsg{}
		probe.decode([]byte{0})
	})
	return p
}

func (p *peer) read() { // want `suggest for \(\*suggestnot.peer\).read: //confined:loop` read:`confined:loop`
	for b := range p.in {
		m := &wireMsg{}
		m.decode(b)
		p.last = m.body
	}
}
