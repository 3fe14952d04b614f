// Package suggestdoubles: the doubles a test hands to the code under test
// and then polls or changes, while that code's goroutine calls them
// through an interface, belong to the test's goroutine. Look-alikes: a
// double that locks, one only its literal sets, one the code calls on its
// caller's goroutine, one the test reads after Close waits for the
// saver, and one the test reads once, right after the code saved in
// place, get nothing; what a test sets before it hands the double over
// is set-up.
package suggestdoubles

type Store interface {
	Save(item string) error // want Save:`summary\(arg0 calls \(\*suggestdoubles\.Log\)\.Save if arg0 is suggestdoubles\.Log\)` Save:`entry point, called off the owner by \(\*suggestdoubles\.Saver\)\.run with its own arguments \[1\]`
}

type Source interface {
	Next() (string, bool) // want Next:`entry point, called off the owner by \(\*suggestdoubles\.Saver\)\.run`
}

// Saver saves on a goroutine of its own.
type Saver struct {
	store Store
	src   Source
	items chan string
	done  chan struct{}
}

func NewSaver(store Store, src Source) *Saver { // want NewSaver:`summary\(started result\)`
	s := &Saver{store: store, src: src, items: make(chan string), done: make(chan struct{})}
	go s.run()
	return s
}

func (s *Saver) run() {
	defer close(s.done)
	for it := range s.items {
		s.store.Save(it)
		s.src.Next()
	}
}

// Close stops the saver and waits for it.
func (s *Saver) Close() {
	close(s.items)
	<-s.done
}

// SaveSync saves on the caller's goroutine.
func (s *Saver) SaveSync(item string) error { // want SaveSync:`summary\(arg0 calls \(\*suggestdoubles\.Log\)\.Save\)` SaveSync:`reads suggestdoubles\.Saver\.store`
	return s.store.Save(item)
}

// Tuner takes a setting on its caller's goroutine.
type Tuner interface {
	Tune(n int)
}

// Retune tunes t in place.
func Retune(t Tuner, n int) { t.Tune(n) }

// SaveNow saves on the caller's goroutine.
func SaveNow(store Store, item string) error { // want SaveNow:`summary\(arg0 calls \(\*suggestdoubles\.Log\)\.Save if arg0 is suggestdoubles\.Log\)`
	return store.Save(item)
}


// Log is a Store whose entries the owner keeps.
//
//confined:owner
type Log struct { // want Log:`confined:owner`
	n int
}

func (l *Log) Save(string) error { // want Save:`writes suggestdoubles\.Log\.n; reads suggestdoubles\.Log\.n` Save:`summary\(arg0 writes suggestdoubles\.Log\.n\)`
	l.n++
	return nil
}
