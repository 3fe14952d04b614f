// Package source runs a loop that tells listeners about events.
package source

type Event struct{ Kind string }

type Source struct {
	events    chan Event
	listeners []func(Event)
}

func New() *Source { // want New:`summary\(started result; starts a loop\)`
	s := &Source{events: make(chan Event)}
	go s.run()
	return s
}

func (s *Source) run() { // want `suggest for \(\*source\.Source\)\.run: //confined:loop: a goroutine runs it \(go statement in source\.New, source\.go:13\) and it receives from a channel in a loop \(source\.go:18\)` run:`confined:loop`
	for ev := range s.events {
		for _, fn := range s.listeners {
			fn(ev)
		}
	}
}

// OnEvent registers fn; the loop calls it for every event.
func (s *Source) OnEvent(fn func(Event)) { s.listeners = append(s.listeners, fn) } // want `suggest for \(\*source\.Source\)\.OnEvent: //confined:async fn: it keeps fn in the field listeners, whose funcs \(\*source\.Source\)\.run calls on its own goroutine` OnEvent:`summary\(stores arg1 in suggestifaceimpl/source\.Source\.UF1\)` OnEvent:`writes suggestifaceimpl/source\.Source\.listeners; reads suggestifaceimpl/source\.Source\.listeners; grows suggestifaceimpl/source\.Source\.listeners` OnEvent:`confined:async\[1\]`

// Visit calls fn here, once.
func (s *Source) Visit(fn func(Event)) { fn(Event{}) }
