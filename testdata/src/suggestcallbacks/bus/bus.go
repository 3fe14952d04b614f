// Package bus: a bus's loop keeps the handlers registered with it and
// calls them for every event, on its goroutine: registering is async,
// whether the handler is appended to the bus's state directly or travels
// in a message the loop keeps it from. Look-alike: a func the loop is
// sent and calls once is a hop.
package bus

type Handler func(string)

type subscription struct {
	id int
	h  Handler
}

type subscribeReq struct {
	topic string
	h     Handler
}

type onceReq struct{ run func() }

type Bus struct { // want `suggest for bus.Bus: //confined:owner: code on the owner \(\(\*bus.Bus\).run\) writes 2 of its fields \(nextID, subs\)`
	subscribe chan subscribeReq
	once      chan onceReq
	publish   chan string
	subs      map[string][]subscription
	wildcards []Handler
	byTopic   map[string][]Handler
	nextID    int
}

func (b *Bus) Start() { go b.run() } // want Start:"summary\\(started arg0; starts a loop\\)"

func (b *Bus) run() { // want `suggest for \(\*bus.Bus\).run: //confined:loop` run:`confined:loop`
	for {
		select {
		case r := <-b.subscribe:
			b.nextID++
			b.subs[r.topic] = append(b.subs[r.topic], subscription{id: b.nextID, h: r.h})
		case r := <-b.once:
			r.run()
		case ev := <-b.publish:
			b.dispatch(ev)
		}
	}
}

func (b *Bus) dispatch(ev string) {
	for _, s := range b.subs[ev] {
		s.h(ev)
	}
	for _, h := range b.wildcards {
		h(ev)
	}
	for _, h := range b.byTopic[ev] {
		h(ev)
	}
}

func (b *Bus) Subscribe(topic string, h Handler) { // want `suggest for \(\*bus.Bus\).Subscribe: //confined:async h: it puts h in bus.subscribeReq.h, which \(\*bus.Bus\).run keeps in bus.subscription.h, whose funcs \(\*bus.Bus\).run calls on its own goroutine` Subscribe:"summary\\(\\)" Subscribe:"confined:async\\[2\\]"
	b.subscribe <- subscribeReq{topic: topic, h: h}
}

func (b *Bus) AddWildcard(h Handler) { b.wildcards = append(b.wildcards, h) } // want `suggest for \(\*bus.Bus\).AddWildcard: //confined:async h: it keeps h in the field wildcards, whose funcs \(\*bus.Bus\).run calls on its own goroutine` AddWildcard:`summary\(stores arg1 in suggestcallbacks/bus\.Bus\.UF4\)` AddWildcard:"writes suggestcallbacks/bus\\.Bus\\.wildcards" AddWildcard:"confined:async\\[1\\]"

func (b *Bus) On(topic string, h Handler) { b.byTopic[topic] = append(b.byTopic[topic], h) } // want `suggest for \(\*bus.Bus\).On: //confined:async h: it keeps h in the field byTopic, whose funcs \(\*bus.Bus\).run calls on its own goroutine` On:`summary\(stores arg2 in suggestcallbacks/bus\.Bus\.UF5\)` On:"writes suggestcallbacks/bus.Bus.byTopic" On:"confined:async\\[2\\]"

func (b *Bus) Once(f func()) { b.once <- onceReq{run: f} } // want `suggest for \(\*bus.Bus\).Once: //confined:hop f: it stores f in the field run, which the loop \(\*bus.Bus\).run calls` Once:"summary\\(\\)" Once:"confined:hop\\[1\\]"

func (b *Bus) Publish(ev string) { b.publish <- ev }
