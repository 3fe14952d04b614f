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

// A renewer started by a method of its own, handed its quit channel as a
// receive-only one: that channel still only says stop, so the renewal
// goroutine receives no work and the value is its caller's.
type renewer struct { // want `suggest for suggestloopless\.renewer: //confined:owner: code off the owner \(\(\*suggestloopless\.renewer\)\.renew\) touches its field token without a lock, and the code that creates and calls the value uses it too \(\(\*suggestloopless\.renewer\)\.Begin\): with no loop, that code is the owner, and the check reports the goroutines`
	token int
	stop  chan struct{}
}

func (r *renewer) Token() int { return r.token } // want Token:`reads suggestloopless\.renewer\.token`

func (r *renewer) Begin() { // want Begin:`writes suggestloopless\.renewer\.stop` Begin:`summary\(started arg0\)`
	r.token = 1
	r.stop = make(chan struct{})
	go r.renew(r.stop)
}

func (r *renewer) renew(stop <-chan struct{}) {
	t := time.NewTicker(time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			r.token++
		}
	}
}

func (r *renewer) End() { close(r.stop) }
