package sharedresults

import (
	"time"

	"sharedresults/mailbox"
)

// A Shelf keeps its state on a mailbox loop of another package, held in
// a field: starting that loop starts the shelf's.
//
//confined:owner
type Shelf struct { // want Shelf:`confined:owner`
	loop  *mailbox.Loop //confined:any
	sched scheduler     //confined:any
	books map[string]*Book
	label string
}

// A scheduler runs the funcs it is handed, where and when it likes.
type scheduler interface{ Later(fn func()) }

//confined:owner
type Book struct { // want Book:`confined:owner`
	Title string
	Note  string
	Loans int
}

func NewShelf() *Shelf { return &Shelf{loop: mailbox.New(), books: map[string]*Book{}} }

func (s *Shelf) Start() { // want Start:`summary\(arg0 writes sharedresults\.Shelf\.label; started arg0; starts a loop\)`
	s.loop.Start()
	s.label = "open"
}

// Label reads what only Start writes, after the loop runs: the loop never
// touches it.
func (s *Shelf) Label() string { return s.label } // want Label:`summary\(arg0 reads sharedresults\.Shelf\.label\)`

func (s *Shelf) Add(title string) {
	s.loop.Post(func() { s.books[title] = &Book{Title: title} })
}

func (s *Shelf) Lend(title string) {
	s.loop.Post(func() { s.books[title].Loans++ })
}

// Books returns the loop's own books.
func (s *Shelf) Books() []*Book {
	return mailbox.Call(s.loop, func() []*Book {
		var out []*Book
		for _, b := range s.books {
			out = append(out, b)
		}
		return out
	})
}

// Shelve makes a book on the loop, keeps it and hands it back in a reply
// struct, through Ask: the book is the loop's. Draft keeps nothing: the
// book is the caller's.
type shelved struct {
	b     *Book
	fresh bool
}

func (s *Shelf) Shelve(title string) *Book {
	r, _ := mailbox.Ask(s.loop, func() shelved {
		b := &Book{Title: title}
		s.books[title] = b
		return shelved{b: b, fresh: true}
	})
	return r.b
}

func (s *Shelf) Draft(title string) *Book { // want Draft:`summary\(\)`
	r, _ := mailbox.Ask(s.loop, func() shelved {
		return shelved{b: &Book{Title: title}, fresh: true}
	})
	return r.b
}

func Shelved() {
	s := NewShelf()
	s.Start()
	b := s.Shelve("a")
	s.Lend("a")
	eventually(func() bool { return b.Loans > 0 }) // want `reads confined sharedresults\.Book\.Loans off the owner: this code runs via the code that `
}

func Drafted() {
	s := NewShelf()
	s.Start()
	b := s.Draft("a")
	s.Lend("a")
	eventually(func() bool { return b.Notes() != "" })
}

func (b *Book) Notes() string { return b.Note } // want Notes:`summary\(arg0 reads sharedresults\.Book\.Note\)`

func eventually(cond func() bool) {
	for !cond() {
	}
}

func loans(bs []*Book) int {
	n := 0
	for _, b := range bs {
		n += b.Loans // want `reads confined sharedresults\.Book\.Loans off the owner: this code runs via the code that `
	}
	return n
}

func titles(bs []*Book) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Title)
	}
	return out
}

func Lent() {
	s := NewShelf()
	s.Start()
	s.Add("a")
	books := s.Books()
	s.Lend("a")
	eventually(func() bool { return loans(books) > 0 })
}

// Look-alikes: a title only the literal that made the book wrote, a
// label only Start wrote, and a relabelling handed to the loop's After.
func Titles() []string {
	s := NewShelf()
	s.Start()
	s.Add("a")
	return titles(s.Books())
}

// Annotate changes the books' notes on the loop.
func (s *Shelf) Annotate(n string) {
	s.loop.Post(func() {
		for _, b := range s.books {
			b.Note = n
		}
	})
}

// Relabel changes the books' notes on the loop, later: another package's
// After posts the func to the loop from a timer.
func (s *Shelf) Relabel(d time.Duration) { // want Relabel:`summary\(started arg0\)`
	s.loop.After(d, func() {
		for _, b := range s.books {
			b.Note = "x"
		}
	})
}

// Retitle hands the same kind of change to a scheduler nothing resolves,
// only assumed to run it in place: the code that started the loop does
// not surely touch the books beside it.
func (s *Shelf) Retitle() { // want Retitle:`summary\(arg0 writes sharedresults\.Book\.Note\)`
	s.sched.Later(func() {
		for _, b := range s.books {
			b.Note = "y"
		}
	})
}

func Retitled() {
	s := NewShelf()
	s.Start()
	s.Retitle()
}

func Relabelled() {
	s := NewShelf()
	s.Start()
	s.Relabel(time.Millisecond)
}

func Labelled() string {
	s := NewShelf()
	s.Start()
	return s.Label()
}
