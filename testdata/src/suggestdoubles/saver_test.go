package suggestdoubles

import (
	"sync"
	"testing"
	"time"
)

type countingStore struct { // want `suggest for suggestdoubles\.countingStore: //confined:owner: a test double: code off the owner calls Save \(called by \(\*suggestdoubles\.Saver\)\.run\) through an interface, and suggestdoubles\.TestSaves touches its field saves after building it: the test's goroutine is the owner, and the check reports that code`
	saves int
}

func (c *countingStore) Save(string) error { // want Save:`summary\(\)` Save:`writes suggestdoubles\.countingStore\.saves; reads suggestdoubles\.countingStore\.saves`
	c.saves++
	return nil
}

type pacedStore struct { // want `suggest for suggestdoubles\.pacedStore: //confined:owner: a test double: code off the owner calls Save \(called by \(\*suggestdoubles\.Saver\)\.run\) through an interface, and suggestdoubles\.TestPaced touches its field saves after building it: the test's goroutine is the owner, and the check reports that code`
	delay time.Duration // want `suggest for field delay: //confined:any: only the test's set-up writes it, and Save \(called by \(\*suggestdoubles\.Saver\)\.run\) reads it off the owner`
	saves int
}

func (p *pacedStore) Save(string) error { // want Save:`summary\(\)` Save:`writes suggestdoubles\.pacedStore\.saves; reads suggestdoubles\.pacedStore\.delay, suggestdoubles\.pacedStore\.saves`
	p.saves += int(p.delay)
	return nil
}

// tunedStore's limit is read by Save off the test's goroutine and
// written by Tune, which the package calls in place: no :any for it.
type tunedStore struct { // want `suggest for suggestdoubles\.tunedStore: //confined:owner: a test double: code off the owner calls Save \(called by \(\*suggestdoubles\.Saver\)\.run\) through an interface, and suggestdoubles\.TestTuned touches its field saves after building it: the test's goroutine is the owner, and the check reports that code`
	limit int
	saves int
}

func (s *tunedStore) Save(string) error { // want Save:`writes suggestdoubles\.tunedStore\.saves; reads suggestdoubles\.tunedStore\.limit, suggestdoubles\.tunedStore\.saves` Save:`summary\(\)`
	if s.saves < s.limit {
		s.saves++
	}
	return nil
}

func (s *tunedStore) Tune(n int) { s.limit = n } // want Tune:`writes suggestdoubles\.tunedStore\.limit`

type gatedSource struct {
	released int // want `suggest for field released: //confined:owner: a test double: code off the owner calls Next \(called by \(\*suggestdoubles\.Saver\)\.run\) through an interface, and suggestdoubles\.TestSaves touches its field released after building it: the test's goroutine is the owner, and the check reports that code`
	sent     int
}

func (g *gatedSource) Next() (string, bool) { // want Next:`summary\(\)` Next:`writes suggestdoubles\.gatedSource\.sent; reads suggestdoubles\.gatedSource\.released, suggestdoubles\.gatedSource\.sent`
	if g.sent >= g.released {
		return "", false
	}
	g.sent++
	return "x", true
}

// Look-alike: the test stops the saver before it looks.
type joinedStore struct {
	saves int
}

func (j *joinedStore) Save(string) error { // want Save:`summary\(\)` Save:`writes suggestdoubles\.joinedStore\.saves; reads suggestdoubles\.joinedStore\.saves`
	j.saves++
	return nil
}

// Look-alike: the test reads it once, right after the saver saved in
// place.
type syncedStore struct {
	saves int
}

func (s *syncedStore) Save(string) error { // want Save:`summary\(\)` Save:`writes suggestdoubles\.syncedStore\.saves; reads suggestdoubles\.syncedStore\.saves`
	s.saves++
	return nil
}

// Look-alike: it locks for itself.
type lockedStore struct {
	mu    sync.Mutex
	saves int
}

func (l *lockedStore) Save(string) error { // want Save:`reads suggestdoubles\.lockedStore\.saves` Save:`summary\(\)`
	l.mu.Lock()
	l.saves++
	l.mu.Unlock()
	return nil
}

// Look-alike: only its literal sets what Save reads.
type failingStore struct {
	err error
}

func (f *failingStore) Save(string) error { return f.err } // want Save:`reads suggestdoubles\.failingStore\.err`

// Look-alike: the code calls it on the test's goroutine.
type directStore struct {
	saves int
}

func (d *directStore) Save(string) error { // want Save:`summary\(\)` Save:`writes suggestdoubles\.directStore\.saves; reads suggestdoubles\.directStore\.saves`
	d.saves++
	return nil
}

func TestSaves(t *testing.T) {
	store := &countingStore{}
	src := &gatedSource{}
	s := NewSaver(store, src)
	s.items <- "a"
	src.released++
	for store.saves == 0 {
		time.Sleep(time.Millisecond)
	}
}

func TestPaced(t *testing.T) {
	store := &pacedStore{}
	store.delay = 2
	NewSaver(store, &gatedSource{}).items <- "a"
	for store.saves == 0 {
		time.Sleep(time.Millisecond)
	}
}

func TestLookAlikes(t *testing.T) {
	locked := &lockedStore{}
	NewSaver(locked, &gatedSource{}).items <- "a"
	NewSaver(&failingStore{}, &gatedSource{}).items <- "b"
	direct := &directStore{}
	SaveNow(direct, "c")
	if direct.saves != 1 {
		t.Fatal(direct.saves)
	}
}

func TestJoined(t *testing.T) {
	store := &joinedStore{}
	s := NewSaver(store, &gatedSource{})
	s.items <- "a"
	s.Close()
	if store.saves != 1 {
		t.Fatal(store.saves)
	}
}

func TestSynced(t *testing.T) {
	store := &syncedStore{}
	s := NewSaver(store, &gatedSource{})
	s.SaveSync("a")
	if store.saves != 1 {
		t.Fatal(store.saves)
	}
}

func TestTuned(t *testing.T) {
	store := &tunedStore{limit: 1}
	NewSaver(store, &gatedSource{}).items <- "a"
	Retune(store, 5)
	for store.saves == 0 {
		time.Sleep(time.Millisecond)
	}
}
