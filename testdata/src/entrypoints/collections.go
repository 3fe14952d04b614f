package entrypoints

// Bus dispatches events, on a goroutine of its own, to the handlers
// subscribed: funcs kept in a slice and a map.
type Bus struct {
	handlers []func(string)
	named    map[string]func(string)
	events   chan string
}

func NewBus() *Bus { // want NewBus:`summary\(started result\)`
	b := &Bus{named: make(map[string]func(string)), events: make(chan string)}
	go b.dispatch()
	return b
}

// Subscribe keeps h among the handlers the dispatcher calls.
func (b *Bus) Subscribe(h func(string)) { b.handlers = append(b.handlers, h) } // want Subscribe:"summary\\(async arg1\\)"

// Handle keeps h under name.
func (b *Bus) Handle(name string, h func(string)) { b.named[name] = h } // want Handle:"summary\\(async arg2\\)"

func (b *Bus) dispatch() {
	for ev := range b.events {
		for _, h := range b.handlers {
			h(ev)
		}
		if h, ok := b.named[ev]; ok {
			h(ev)
		}
	}
}

func subscribe(bus *Bus, book *Book) {
	bus.Subscribe(func(ev string) {
		book.hits[ev]++ // want `writes confined entrypoints.Book.hits off the owner: this code runs via \(\*entrypoints.Bus\).Subscribe`
	})
	bus.Handle("reset", func(string) {
		book.total = 0 // want `writes confined entrypoints.Book.total off the owner: this code runs via \(\*entrypoints.Bus\).Handle`
	})
}

// Hooks has the same shape, but its handlers run where fire is called, on
// the owner.
type Hooks struct {
	handlers []func(string)
}

func (h *Hooks) Add(f func(string)) { h.handlers = append(h.handlers, f) } // want Add:`summary\(stores arg1 in entrypoints\.Hooks\.UF0\)`

func (h *Hooks) fire(ev string) {
	for _, f := range h.handlers {
		f(ev)
	}
}

func hooks(book *Book) {
	h := &Hooks{}
	h.Add(func(ev string) { book.hits[ev]++ })
	h.fire("start")
}
