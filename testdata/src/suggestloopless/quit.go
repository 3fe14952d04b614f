package suggestloopless

import "time"

// A refresher waiting on a ticker and a quit channel nobody sends on
// (closing it says stop): no loop receiving work, so what it writes
// races with Seen.
type refresher struct { // want `suggest for suggestloopless\.refresher: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.refresher\)\.Start\) touches its field last without a lock, and the code that creates and calls the value uses it too \(\(\*suggestloopless\.refresher\)\.Seen\): with no loop, that code is the owner, and the check reports the goroutines`
	last time.Time
	quit chan struct{}
}

func (r *refresher) Seen() { r.last = time.Now() } // want Seen:`writes suggestloopless\.refresher\.last`

func (r *refresher) Start() { // want Start:`summary\(started arg0\)`
	go func() {
		for {
			select {
			case <-r.quit:
				return
			case <-time.After(time.Millisecond):
				r.last = time.Now()
			}
		}
	}()
}

func (r *refresher) Stop() { close(r.quit) }

// Look-alike: a wake channel that Poke sends on hands the goroutine work:
// it is a loop of its own, and owns what it writes.
type waker struct {
	last time.Time
	wake chan struct{}
}

func (w *waker) Poke() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *waker) Start() { // want Start:`summary\(started arg0\)`
	go func() {
		for range w.wake {
			w.last = time.Now()
		}
	}()
}
