package entrypoints

// A function a framework calls on its own goroutines, marked so.
//
//confined:offowner
func OnEvent(b *Book, name string) { // want OnEvent:"confined:offowner" OnEvent:"summary\\(arg0 writes entrypoints.Book.hits\\)"
	b.hits[name]++ // want `writes confined entrypoints.Book.hits off the owner: this code runs via entrypoints.OnEvent, marked //confined:offowner`
}

// Its look-alike without the directive runs where its caller runs.
func onEventHere(b *Book, name string) {
	b.hits[name]++
}

// Greeter is the interface a server library calls from its connection
// goroutines: every implementation, in any package, runs off the owner.
//
//confined:offowner
type Greeter interface { // want Greeter:"confined:offowner"
	Greet(name string) string // want Greet:"summary\\(arg0 writes entrypoints.Book.hits if arg0 is entrypoints.greeter\\)"
}

type greeter struct {
	book *Book
}

func (g *greeter) Greet(name string) string { // want Greet:"summary\\(arg0 writes entrypoints.Book.hits\\)"
	g.book.hits[name]++ // want `writes confined entrypoints.Book.hits off the owner: this code runs via \(\*entrypoints.greeter\).Greet, which implements \(entrypoints.Greeter\).Greet, marked //confined:offowner`
	return name
}

// NewGreeter is how other packages get a greeter: as a Greeter.
func NewGreeter(b *Book) Greeter { return &greeter{book: b} } // want NewGreeter:"summary\\(\\)"

// A method of the same name on a type that does not implement Greeter.
type echo struct {
	book *Book
}

func (e *echo) Greet(name string, times int) string { // want Greet:"summary\\(arg0 writes entrypoints.Book.hits\\)"
	e.book.hits[name] += times
	return name
}

// Only one method of an interface is marked.
type Service interface {
	//confined:offowner
	Handle(req string) // want Handle:"confined:offowner" Handle:"summary\\(arg0 writes entrypoints.Book.total if arg0 is entrypoints.service\\)"
	Close()            // want Close:"summary\\(arg0 writes entrypoints.Book.total if arg0 is entrypoints.service\\)"
}

type service struct {
	book *Book
}

func (s *service) Handle(req string) { // want Handle:"summary\\(arg0 writes entrypoints.Book.total\\)"
	s.book.total++ // want `writes confined entrypoints.Book.total off the owner: this code runs via \(\*entrypoints.service\).Handle, which implements \(entrypoints.Service\).Handle`
}

func (s *service) Close() { // want Close:"summary\\(arg0 writes entrypoints.Book.total\\)"
	s.book.total = 0
}

// NewService is how other packages get a service.
func NewService(b *Book) Service { return &service{book: b} } // want NewService:"summary\\(\\)"

// Cmd values are run by a runtime on goroutines of its own, after the
// function returning them is done.
//
//confined:offowner
type Cmd func() string // want Cmd:"confined:offowner"

func (b *Book) update(key string) Cmd {
	b.hits[key]++ // the update itself runs on the owner
	return func() string {
		b.total++ // want `writes confined entrypoints.Book.total off the owner: this code runs via a value of entrypoints.Cmd, marked //confined:offowner`
		return key
	}
}

// A command that touches only what it makes is correct; so is a plain
// func value of the same shape.
func (b *Book) fetch(key string) (Cmd, func() string) {
	cmd := func() string {
		own := &Book{hits: map[string]int{}}
		own.total++
		return key
	}
	plain := func() string {
		b.total++
		return key
	}
	return cmd, plain
}

// batch takes commands, as a UI runtime's Batch does: each argument is a
// Cmd, converted where it is written.
func batch(cmds ...Cmd) []Cmd { return cmds }

func (b *Book) both() []Cmd {
	return batch(
		func() string { return "" },
		func() string {
			b.total++ // want `writes confined entrypoints.Book.total off the owner: this code runs via a value of entrypoints.Cmd, marked //confined:offowner \(offowner.go:\d+\)`
			return ""
		},
	)
}
