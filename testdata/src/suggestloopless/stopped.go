package suggestloopless

import "time"

// A poller's goroutine selects on the stop channel its Start set up; Stop
// closes it, waits for the goroutine's end, which closes done as it
// returns, and only then clears the field: nothing races with the
// goroutine's read. Look-alike: a ticker's Stop clears the field before it
// waits, while the goroutine may still read it.
type stoppedPoller struct {
	stop  chan struct{}
	done  chan struct{}
	every time.Duration
}

func (p *stoppedPoller) Start() { // want Start:`summary\(started arg0\)`
	p.stop, p.done = make(chan struct{}), make(chan struct{})
	go p.loop()
}

func (p *stoppedPoller) loop() {
	defer close(p.done)
	t := time.NewTicker(p.every)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
		}
	}
}

func (p *stoppedPoller) Stop() { // want Stop:`writes suggestloopless\.stoppedPoller\.stop`
	close(p.stop)
	<-p.done
	p.stop = nil
}

type hastyTicker struct {
	stop  chan struct{} // want `suggest for field stop: //confined:owner: code off the owner \(\(\*suggestloopless\.hastyTicker\)\.loop\) reads it, and the code that creates and calls the value uses it too \(\(\*suggestloopless\.hastyTicker\)\.Stop\): with no loop, that code is the owner, and the check reports the goroutines`
	done  chan struct{}
	every time.Duration
}

func (h *hastyTicker) Start() { // want Start:`summary\(started arg0\)`
	h.stop, h.done = make(chan struct{}), make(chan struct{})
	go h.loop()
}

func (h *hastyTicker) loop() {
	defer close(h.done)
	t := time.NewTicker(h.every)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
		}
	}
}

func (h *hastyTicker) Stop() { // want Stop:`writes suggestloopless\.hastyTicker\.stop`
	close(h.stop)
	h.stop = nil
	<-h.done
}
