package touches

import "time"

// Every touching line of a function started by name is reported, as every
// touching line of a literal is; a method value handed to a sink reports
// its first touch, at the sink's call of it.

//confined:owner
type ledger struct { // want ledger:"confined:owner"
	n   int
	log []string
}

// clerk is not confined: its methods touch the ledger they hold.
type clerk struct{ l *ledger }

func record(l *ledger) {
	l.n++                      // want `writes confined touches.ledger.n off the owner: this code runs via a go statement \(bodies.go:\d+\); path touches.record → touches.ledger.n`
	l.log = append(l.log, "x") // want `writes confined touches.ledger.log off the owner: this code runs via a go statement \(bodies.go:\d+\); path touches.record → touches.ledger.log`
}

func startRecord(l *ledger) { go record(l) }

func (c *clerk) close() {
	c.l.n = 0     // want `writes confined touches.ledger.n off the owner: this code runs via a go statement` `writes confined touches.ledger.n off the owner: this code runs via time.AfterFunc`
	c.l.log = nil // want `writes confined touches.ledger.log off the owner: this code runs via a go statement`
}

func closeNow(c *clerk) { go c.close() }

// Look-alike: the method value reports its first touch only.
func closeLater(c *clerk) { time.AfterFunc(time.Second, c.close) }
