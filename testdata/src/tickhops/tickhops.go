// Package tickhops: helpers that start code off the owner which only
// posts a func it was handed to the owner's loop (a ticker's goroutine, a
// timer's callback): the func runs on the loop, as if handed to the hop.
// Look-alike: a ticker's goroutine calling the func itself.
package tickhops

import "time"

//confined:owner
type Station struct { // want Station:`confined:owner`
	calls chan func()
	bytes int
	last  int
	spare int
}

//confined:loop
func (s *Station) run() { // want run:`confined:loop`
	for fn := range s.calls {
		fn()
	}
}

//confined:hop fn
func (s *Station) post(fn func()) { s.calls <- fn }

// onTick arranges for fn to run on the loop every d.
func (s *Station) OnTick(d time.Duration, fn func()) { // want OnTick:`summary\(hop arg2; started arg0 arg1\)`
	go func() {
		t := time.NewTicker(d)
		for range t.C {
			s.post(fn)
		}
	}()
}

// after arranges for fn to run on the loop once d has passed.
func (s *Station) After(d time.Duration, fn func()) { // want After:`summary\(hop arg2; started arg0\)`
	time.AfterFunc(d, func() { s.post(fn) })
}

// every runs fn on its own goroutine every d.
func (s *Station) every(d time.Duration, fn func()) {
	go func() {
		t := time.NewTicker(d)
		for range t.C {
			fn()
		}
	}()
}

// Repeat does what OnTick does through a method its go statement hands
// the func to.
func (s *Station) Repeat(d time.Duration, fn func()) { go s.repeat(d, fn) } // want Repeat:`summary\(hop arg2; started arg0 arg1\)`

func (s *Station) repeat(d time.Duration, fn func()) {
	t := time.NewTicker(d)
	for range t.C {
		s.post(fn)
	}
}

func (s *Station) sample() { s.last = s.bytes }

func (s *Station) settle() { s.bytes = 0 }

func (s *Station) drift() { s.spare++ } // want `calls confined \(\*tickhops\.Station\)\.drift off the owner: this code runs via \(\*tickho`

func (s *Station) Start() { // want Start:`summary\(started arg0\)`
	s.OnTick(time.Second, s.sample)
	s.After(time.Second, s.settle)
	s.every(time.Second, s.drift)
}

// Starting them from a goroutine of its own touches nothing off the
// owner: what the ticker and the timer post runs on the loop.
func (s *Station) StartLater() { go s.Start() } // want StartLater:`summary\(started arg0\)`
