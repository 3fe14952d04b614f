package touches

import "time"

// Every touching line of a function started by name is reported, as every
// touching line of a literal is; a method value handed to a sink reports
// its most telling touch and every line it writes at, not the lines it
// only reads at.

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
	c.l.n = 0               // want `writes confined touches.ledger.n off the owner: this code runs via a go statement` `writes confined touches.ledger.n off the owner: this code runs via time.AfterFunc`
	c.l.log = nil           // want `writes confined touches.ledger.log off the owner: this code runs via a go statement` `writes confined touches.ledger.log off the owner: this code runs via time.AfterFunc`
	println(c.l.log == nil) // want `reads confined touches.ledger.log off the owner: this code runs via a go statement`
}

func closeNow(c *clerk) { go c.close() }

// Look-alike: the method value reports the lines that write, not the one
// that only reads.
func closeLater(c *clerk) { time.AfterFunc(time.Second, c.close) }

// A method of the confined type itself is a confined method: a call of it
// off the owner is reported at each line inside that touches the state,
// whether the call is the go statement's or a literal's.
func (l *ledger) reset() {
	l.n = 0     // want `calls confined \(\*touches.ledger\).reset off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it writes touches.ledger.n;` `calls confined \(\*touches.ledger\).reset off the owner: this code runs via time.AfterFunc \(bodies.go:\d+\); inside, it writes touches.ledger.n;`
	l.log = nil // want `calls confined \(\*touches.ledger\).reset off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it writes touches.ledger.log;` `calls confined \(\*touches.ledger\).reset off the owner: this code runs via time.AfterFunc \(bodies.go:\d+\); inside, it writes touches.ledger.log;`
}

func resetNow(l *ledger) { go l.reset() }

func resetLater(l *ledger) {
	time.AfterFunc(time.Second, func() {
		l.reset()
	})
}

// Look-alike: called on the owner, it reports nothing.
func resetHere(l *ledger) { l.reset() }

// Look-alike: a line that only reads is no line of its own; the read joins
// the write's finding (a field read through may never be written again).
func (l *ledger) settle() {
	total := len(l.log)
	l.n = total // want `calls confined \(\*touches.ledger\).settle off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it writes touches.ledger.n, reads touches.ledger.log;`
}

func settleNow(l *ledger) { go l.settle() }

// A method writing one field on two lines (a branch each) is reported at
// both: which one races depends on the branch taken.
func (l *ledger) mark(ok bool) {
	if ok {
		l.log = append(l.log, "ok") // want `calls confined \(\*touches.ledger\).mark off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it writes touches.ledger.log;`
	} else {
		l.log = nil // want `calls confined \(\*touches.ledger\).mark off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it writes touches.ledger.log;`
	}
}

func markNow(l *ledger) { go l.mark(true) }
