// Package handles: a broker whose constructor starts its loop returns
// subscriptions to its clients, and the loop delivers to them. A
// subscription's method reading what the loop writes runs beside the
// loop, a client's call like the broker's own. Look-alikes: Cancel asks
// the loop, and Topic reads what only the loop's turn making it set.
package handles

type Sub struct { // want `suggest for handles.Sub: //confined:owner: code on the owner \(\(\*handles.Broker\).run\) writes its field dropped without a lock`
	topic   string // want `suggest for field topic: //confined:any`
	dropped int
	ch      chan string
	b       *Broker // want `suggest for field b: //confined:any`
}

type subReq struct {
	topic string
	reply chan *Sub
}

type Broker struct { // want `suggest for handles.Broker: //confined:owner`
	subs  map[string][]*Sub
	reqs  chan subReq
	unsub chan *Sub
	pub   chan string
}

func New() *Broker { // want New:`summary\(started result; starts a loop\)`
	b := &Broker{subs: map[string][]*Sub{}, reqs: make(chan subReq), unsub: make(chan *Sub), pub: make(chan string)}
	go b.run()
	return b
}

func (b *Broker) run() { // want `suggest for \(\*handles.Broker\).run: //confined:loop` run:`confined:loop`
	for {
		select {
		case r := <-b.reqs:
			s := &Sub{topic: r.topic, ch: make(chan string, 1), b: b}
			b.subs[r.topic] = append(b.subs[r.topic], s)
			r.reply <- s
		case s := <-b.unsub:
			delete(b.subs, s.topic)
		case m := <-b.pub:
			for _, s := range b.subs[m] {
				s.deliver(m)
			}
		}
	}
}

func (s *Sub) deliver(m string) {
	select {
	case s.ch <- m:
	default:
		s.dropped++
	}
}

func (b *Broker) Subscribe(topic string) *Sub { // want Subscribe:`summary\(\)`
	r := subReq{topic: topic, reply: make(chan *Sub)}
	b.reqs <- r
	return <-r.reply
}

func (b *Broker) Publish(m string) { b.pub <- m }

func (s *Sub) Dropped() int { return s.dropped } // want `suggest for \(\*handles.Sub\).Dropped: //confined:offowner: clients hold its values, which \(\*handles.Broker\).Subscribe returns, while \(\*handles.Broker\).run runs` Dropped:`reads suggestclients/handles\.Sub\.dropped`

func (s *Sub) Cancel() { s.b.unsub <- s } // want Cancel:`reads suggestclients/handles\.Sub\.b`

func (s *Sub) Topic() string { return s.topic } // want Topic:`reads suggestclients/handles\.Sub\.topic`
