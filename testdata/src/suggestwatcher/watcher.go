// Package suggestwatcher: a goroutine draining a channel its caller gave
// it, while a getter reads what it writes, is no owner's loop: nothing
// hands it work, and the code creating and calling the value owns it.
package suggestwatcher

type limits struct { // want `suggest for suggestwatcher\.limits: //confined:owner: code off the owner \(\(\*suggestwatcher\.limits\)\.follow\) touches its field max without a lock, and the code that creates and calls the value uses it too`
	changes <-chan int
	max     int
}

func watchLimits(ch <-chan int) *limits {
	l := &limits{changes: ch}
	go l.follow()
	return l
}

func (l *limits) follow() {
	for n := range l.changes {
		l.max = n
	}
}

func (l *limits) Max() int { return l.max } // want Max:`reads suggestwatcher\.limits\.max`

// A watcher selecting between its feed and a quit channel is one too.
type prices struct { // want `suggest for suggestwatcher\.prices: //confined:owner: code off the owner \(\(\*suggestwatcher\.prices\)\.follow\) touches its field last without a lock`
	feed <-chan float64
	quit chan struct{}
	last float64
}

func watchPrices(feed <-chan float64) *prices {
	p := &prices{feed: feed, quit: make(chan struct{})}
	go p.follow()
	return p
}

func (p *prices) follow() {
	for {
		select {
		case v := <-p.feed:
			p.last = v
		case <-p.quit:
			return
		}
	}
}

func (p *prices) Last() float64 { return p.last } // want Last:`reads suggestwatcher\.prices\.last`

func (p *prices) Stop() { close(p.quit) }
