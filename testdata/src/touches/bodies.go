package touches

import "time"

// Every touching line of a function started by name is reported, as every
// touching line of a literal is; so is every line of a method value's
// method (of a type that is not confined) handed to a sink.

//confined:owner
type ledger struct { // want ledger:"confined:owner"
	n     int
	log   []string
	limit int
	tags  map[string]string
	seen  map[string]bool
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
	println(c.l.log == nil) // want `reads confined touches.ledger.log off the owner: this code runs via a go statement` `reads confined touches.ledger.log off the owner: this code runs via time.AfterFunc`
}

func closeNow(c *clerk) { go c.close() }

// The method value reports the same lines.
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

// A line reading a member that the package writes again is a line of its
// own (the race detector names it, as it names the write after it).
func (l *ledger) settle() {
	total := len(l.log) // want `calls confined \(\*touches.ledger\).settle off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it reads touches.ledger.log;`
	l.n = total         // want `calls confined \(\*touches.ledger\).settle off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it writes touches.ledger.n;`
}

// Look-alike: a member set up once and read through is no line of its own
// (no write races with it): its read joins the write's finding.
func (l *ledger) settleToLimit() {
	limit := l.limit
	l.n = limit // want `calls confined \(\*touches.ledger\).settleToLimit off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it writes touches.ledger.n, reads touches.ledger.limit;`
}

func settleToLimitNow(l *ledger) { go l.settleToLimit() }

// Look-alikes: a read of a field that only the reading function assigns,
// or that code only writes through (a map's entries race where they are
// used), joins the write's finding; but a map's length is such a use: it
// changes with each entry added (audit).
func (l *ledger) flushTags() {
	keep(l.tags)
	l.tags = map[string]string{} // want `calls confined \(\*touches.ledger\).flushTags off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it writes touches.ledger.tags;`
}

func (l *ledger) tag(k string) { l.tags[k] = k }

func keep(map[string]string) {}

func (l *ledger) audit() {
	known := len(l.seen) // want `calls confined \(\*touches.ledger\).audit off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it reads touches.ledger.seen;`
	l.n = known          // want `calls confined \(\*touches.ledger\).audit off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it writes touches.ledger.n;`
}

func (l *ledger) see(k string) { l.seen[k] = true }

func flushAndAuditNow(l *ledger) {
	go l.flushTags()
	go l.audit()
}

// A method that only reads is reported at each line it first reads a
// member the package writes again.
func (l *ledger) size() int {
	n := l.n              // want `calls confined \(\*touches.ledger\).size off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it reads touches.ledger.n;`
	return n + len(l.log) // want `calls confined \(\*touches.ledger\).size off the owner: this code runs via a go statement \(bodies.go:\d+\); inside, it reads touches.ledger.log;`
}

func sizeNow(l *ledger) { go l.size() }

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
