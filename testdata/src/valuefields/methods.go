package valuefields

// A field holding a confined struct by value, whose pointer method a
// goroutine calls (go d.publish(), which calls d.stats.noteSent()): the method's write is the touch,
// at its own line; taking the field's address for it reads nothing.
// Look-alike: a copy of the whole field read off the owner is a read of
// it, at the line that copies.

//confined:owner
type desk struct { // want desk:"confined:owner"
	stats deskStats
}

//confined:owner
type deskStats struct{ sent, failed int } // want deskStats:"confined:owner"

func (s *deskStats) noteSent() { s.sent++ } // want `calls confined \(\*valuefields\.desk\)\.publish off the owner: this code runs via a go statement \(methods\.go:\d+\); inside, it writes valuefields\.deskStats\.sent`

//confined:loop
func (d *desk) run(ch chan bool) { // want run:"confined:loop"
	for ok := range ch {
		if !ok {
			d.stats.failed++
		}
	}
}

func (d *desk) publish() {
	d.stats.noteSent()
}

func (d *desk) send() {
	go d.publish()
}

func (d *desk) report() {
	go func() {
		s := d.stats // want `reads confined valuefields\.desk\.stats off the owner: this code runs via a go statement `
		println(s.sent)
	}()
}
