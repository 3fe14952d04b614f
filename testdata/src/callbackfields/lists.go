package callbackfields

// A whole list of funcs stored from a parameter (a variadic constructor, or
// appended with ls...) runs where the list's funcs are called: a goroutine
// ranging over the list makes the storing function an async sink for that
// parameter, so the funcs its callers pass are reported inside them.
type badges struct {
	in        chan string
	listeners []func(string)
	local     []func(string)
}

// NewBadges stores the variadic list where its goroutine calls it.
func NewBadges(listeners ...func(string)) *badges { // want NewBadges:`summary\(async arg0; started result\)`
	b := &badges{in: make(chan string, 8), listeners: listeners}
	go b.notify()
	return b
}

// Listen appends a list to the same field.
func (b *badges) Listen(ls ...func(string)) { b.listeners = append(b.listeners, ls...) } // want Listen:`summary\(async arg1; reads the entries of arg1\)`

// ListenHere appends to a list only the caller's goroutine runs: no sink.
func (b *badges) ListenHere(ls ...func(string)) { b.local = append(b.local, ls...) } // want ListenHere:`summary\(reads the entries of arg1; stores arg1 in callbackfields\.badges\.UF2\)`

func (b *badges) notify() {
	for name := range b.in {
		for _, l := range b.listeners {
			l(name)
		}
	}
}

func (b *badges) notifyHere(name string) {
	for _, l := range b.local {
		l(name)
	}
}

func (s *state) onBadge(string) {
	s.n++ // want `calls confined \(\*callbackfields.state\).onBadge off the owner: this code runs via callbackfields.NewBadges \(lists.go:\d+\); inside, it writes callbackfields.state.n` `calls confined \(\*callbackfields.state\).onBadge off the owner: this code runs via \(\*callbackfields.badges\).Listen \(lists.go:\d+\)`
}

func (s *state) onBadgeHere(string) { s.n++ }

func subscribe(s *state) {
	b := NewBadges(s.onBadge)
	b.Listen(s.onBadge)
	b.ListenHere(s.onBadgeHere)
	b.notifyHere("x")
}

// A map of lists: funcs appended under a key, called by the goroutine
// ranging over one key's list.
type topics struct {
	in      chan string
	byTopic map[string][]func(string)
}

func newTopics() *topics {
	t := &topics{in: make(chan string, 8), byTopic: map[string][]func(string){}}
	go t.notify()
	return t
}

func (t *topics) On(topic string, f func(string)) { t.byTopic[topic] = append(t.byTopic[topic], f) } // want On:`summary\(async arg2\)`

func (t *topics) notify() {
	for topic := range t.in {
		for _, f := range t.byTopic[topic] {
			f(topic)
		}
	}
}

func (s *state) onTopic(string) {
	s.n-- // want `calls confined \(\*callbackfields.state\).onTopic off the owner: this code runs via \(\*callbackfields.topics\).On \(lists.go:\d+\); inside, it writes callbackfields.state.n`
}

func subscribeTopics(s *state) {
	newTopics().On("x", s.onTopic)
}
