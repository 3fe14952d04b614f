package touches

import "time"

// A helper that off-owner code calls is reported at each line it writes
// at, as a literal's own lines are: the race detector names each of them.
// What it only reads joins the finding of a write.

//confined:owner
type meter struct { // want meter:"confined:owner"
	hits, misses int
	limit        int
}

func clearMeter(m *meter) {
	m.hits = 0   // want `writes confined touches.meter.hits off the owner: this code runs via time.AfterFunc \(helperlines.go:\d+\); path touches.clearMeter → touches.meter.hits`
	m.misses = 0 // want `writes confined touches.meter.misses off the owner: this code runs via time.AfterFunc \(helperlines.go:\d+\); path touches.clearMeter → touches.meter.misses`
}

func clearLater(m *meter) {
	time.AfterFunc(time.Second, func() {
		clearMeter(m)
	})
}

// Look-alike: a line that only reads is no finding of its own when the
// call writes elsewhere.
func capHits(m *meter) {
	if m.limit > 0 {
		m.hits = m.limit // want `writes confined touches.meter.hits off the owner: this code runs via time.AfterFunc \(helperlines.go:\d+\); path touches.capHits → touches.meter.hits`
	}
}

func capLater(m *meter) {
	time.AfterFunc(time.Second, func() {
		capHits(m)
	})
}

// A helper writing one field on two lines is reported at both.
func resetMisses(m *meter, all bool) {
	if all {
		m.misses = 0 // want `writes confined touches.meter.misses off the owner: this code runs via a go statement \(helperlines.go:\d+\); path touches.resetMisses → touches.meter.misses`
		return
	}
	m.misses-- // want `writes confined touches.meter.misses off the owner: this code runs via a go statement \(helperlines.go:\d+\); path touches.resetMisses → touches.meter.misses`
}

func resetMissesNow(m *meter) {
	go func() {
		resetMisses(m, true)
	}()
}

// A one-line helper that the owner's code calls too (a setter) is
// reported at the call in the off-owner code: its one line is the
// helper's, right when the owner calls it, and the call is what a fix
// moves back to the owner. Look-alikes stay at the helper's line: a
// one-line helper only off-owner code calls, a helper of statements of
// its own that the owner shares, and a one-line helper that only reads.

//confined:owner
type journal struct { // want journal:"confined:owner"
	notes []string
	total int
	label string
}

func (l *journal) note(s string)   { l.notes = append(l.notes, s) }
func (l *journal) count(n int)     { l.total += n }   // want `calls confined \(\*touches\.journal\)\.count off the owner: this code runs via time\.AfterFunc \(helperlines\.go:85\); inside, it writes touches\.journal\.total`
func (l *journal) labelOf() string { return l.label } // want `calls confined \(\*touches\.journal\)\.labelOf off the owner: this code runs via time\.AfterFunc \(helperlines\.go:85\); inside, it reads touches\.journal\.label`

func (l *journal) relabel(s string) {
	l.label = s // want `calls confined \(\*touches\.journal\)\.relabel off the owner: this code runs via time\.AfterFunc \(helperlines\.go:85\); inside, it writes touches\.journal\.label`
}

// Write is the owner's.
func (l *journal) Write(s string) string { // want Write:`summary\(arg0 calls \(\*touches\.journal\)\.note\)`
	l.note(s)
	l.relabel(s)
	return l.labelOf()
}

func (l *journal) recordLater(s string) {
	time.AfterFunc(time.Second, func() {
		l.note(s) // want `calls confined \(\*touches\.journal\)\.note off the owner: this code runs via time\.AfterFunc \(helperlines\.go:85\); inside, it writes touches\.journal\.notes`
		l.count(1)
		l.relabel(s)
		_ = l.labelOf()
	})
}

// noteAll is only called off the owner: the call of the shared helper
// in it is the line.
func (l *journal) noteAll(ss []string) {
	for _, s := range ss {
		l.note(s) // want `calls confined \(\*touches\.journal\)\.noteAll off the owner: this code runs via a go statement \(helperlines\.go:102\); inside, it writes touches\.journal\.notes`
	}
}

func (l *journal) noteAllLater(ss []string) {
	go l.noteAll(ss)
}

// The same through a generic type: its body calls instances of its own
// methods.

//confined:owner
type counter[K comparable] struct { // want counter:"confined:owner"
	seen map[K]int
}

func (t *counter[K]) mark(k K) { t.seen[k]++ }

// Add is the owner's.
func (t *counter[K]) Add(k K) { t.mark(k) } // want Add:`summary\(arg0 calls \(\*touches\.counter\[K\]\)\.mark\)`

func (t *counter[K]) markLater(k K) {
	go func() {
		t.mark(k) // want `calls confined \(\*touches\.counter\[K\]\)\.mark off the owner: this code runs via a go statement \(helperlines\.go:119\); inside, it writes touches\.counter\[K\]\.seen`
	}()
}
