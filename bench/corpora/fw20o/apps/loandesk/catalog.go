package loandesk

import (
	"errors"
	"fmt"
	"slices"
)

var (
	// ErrUnknownBook is returned for an ISBN the branch does not hold.
	ErrUnknownBook = errors.New("loandesk: unknown book")
	// ErrNoCopies is returned when every copy is lent out or set aside.
	ErrNoCopies = errors.New("loandesk: no copy available")
)

// Book is a title held by the branch together with its circulation counters.
type Book struct {
	ISBN      string
	Title     string
	Author    string
	Copies    int
	Available int
	// Holds is the queue of patrons waiting for the title.
	Holds []string
	// SetAside maps a patron to the number of copies kept for them at the desk.
	SetAside map[string]int
}

// Availability is the public view of a title.
type Availability struct {
	ISBN    string `json:"isbn"`
	Title   string `json:"title"`
	Author  string `json:"author"`
	Copies  int    `json:"copies"`
	OnShelf int    `json:"on_shelf"`
}

func (b *Book) view() Availability {
	return Availability{ISBN: b.ISBN, Title: b.Title, Author: b.Author, Copies: b.Copies, OnShelf: b.Available}
}

// Catalog indexes the titles of a branch by ISBN.
type Catalog struct {
	books map[string]*Book
	order []string
}

func newCatalog() *Catalog {
	return &Catalog{books: make(map[string]*Book)}
}

func (c *Catalog) add(b Book) error {
	if b.ISBN == "" {
		return fmt.Errorf("loandesk: book %q has no ISBN", b.Title)
	}
	if existing, ok := c.books[b.ISBN]; ok {
		existing.Copies += b.Copies
		existing.Available += b.Copies
		return nil
	}
	nb := &Book{
		ISBN:      b.ISBN,
		Title:     b.Title,
		Author:    b.Author,
		Copies:    b.Copies,
		Available: b.Copies,
		SetAside:  make(map[string]int),
	}
	c.books[b.ISBN] = nb
	c.order = append(c.order, b.ISBN)
	return nil
}

func (c *Catalog) book(isbn string) (*Book, error) {
	b, ok := c.books[isbn]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownBook, isbn)
	}
	return b, nil
}

// Availability reports how many copies of a title are on the shelf.
func (c *Catalog) Availability(isbn string) (Availability, bool) {
	b, ok := c.books[isbn]
	if !ok {
		return Availability{}, false
	}
	a := Availability{ISBN: b.ISBN, Title: b.Title, Author: b.Author, Copies: b.Copies}
	a.OnShelf = b.Available // RACY
	return a, true
}

// lend takes a copy for the patron, honouring copies set aside for holds.
func (c *Catalog) lend(isbn, patronID string) (*Book, error) {
	b, err := c.book(isbn)
	if err != nil {
		return nil, err
	}
	if n := b.SetAside[patronID]; n > 0 {
		if n == 1 {
			delete(b.SetAside, patronID)
		} else {
			b.SetAside[patronID] = n - 1
		}
		return b, nil
	}
	if b.Available == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNoCopies, b.Title)
	}
	b.Available--
	return b, nil
}

// restock puts a returned copy back and reports the patron it was set aside
// for, if somebody was waiting.
func (c *Catalog) restock(isbn string) (*Book, string, error) {
	b, err := c.book(isbn)
	if err != nil {
		return nil, "", err
	}
	if len(b.Holds) > 0 {
		next := b.Holds[0]
		b.Holds = slices.Delete(b.Holds, 0, 1)
		b.SetAside[next]++
		return b, next, nil
	}
	b.Available++
	return b, "", nil
}

func (c *Catalog) enqueueHold(isbn, patronID string) (int, error) {
	b, err := c.book(isbn)
	if err != nil {
		return 0, err
	}
	if slices.Contains(b.Holds, patronID) {
		return slices.Index(b.Holds, patronID) + 1, nil
	}
	b.Holds = append(b.Holds, patronID)
	return len(b.Holds), nil
}

// releaseSetAside returns an uncollected copy to the shelf or passes it to the
// next patron in the queue.
func (c *Catalog) releaseSetAside(isbn, patronID string) (string, bool) {
	b, ok := c.books[isbn]
	if !ok || b.SetAside[patronID] == 0 {
		return "", false
	}
	if b.SetAside[patronID] == 1 {
		delete(b.SetAside, patronID)
	} else {
		b.SetAside[patronID]--
	}
	if len(b.Holds) > 0 {
		next := b.Holds[0]
		b.Holds = slices.Delete(b.Holds, 0, 1)
		b.SetAside[next]++
		return next, true
	}
	b.Available++
	return "", true
}

func (c *Catalog) titles() []*Book {
	out := make([]*Book, 0, len(c.order))
	for _, isbn := range c.order {
		out = append(out, c.books[isbn])
	}
	return out
}
