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
