package suggestloopless

import (
	"sync"
	"time"
)

// A quotaSync's workers each fetch a plain reading and hand it, by value,
// down a chain of helpers that records the stale ones in a list the
// quotaSync's caller reads while they run: the reading is a copy, so
// what the helpers write is the quotaSync's.
type quotaSync struct { // want `suggest for suggestloopless\.quotaSync: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.quotaSync\)\.Refresh\) touches its field stale without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	stale []string
	limit int // want `suggest for field limit: //confined:any: only code building a quotaSync writes it, and \(\*suggestloopless\.quotaSync\)\.Refresh reads it off the owner`
}

type reading struct {
	value float64
	stale bool
}

func fetchReading(name string) reading { return reading{stale: name == ""} }

func (r *quotaSync) Refresh(names []string) { // want Refresh:`may block` Refresh:`summary\(started arg0; reads the entries of arg1\)` Refresh:`reads suggestloopless\.quotaSync\.limit, suggestloopless\.quotaSync\.stale`
	var wg sync.WaitGroup
	for _, n := range names {
		if len(r.stale) > r.limit {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.record(n, fetchReading(n))
		}()
	}
	wg.Wait()
}

func (r *quotaSync) record(name string, rd reading) {
	if rd.stale {
		r.noteStale(name)
	}
}

func (r *quotaSync) noteStale(name string) { r.stale = append(r.stale, name) }

// Look-alike: each worker hands the helper a value holding its own slot,
// picked from the table by index; what the helper writes is that
// worker's alone.
type slotTable struct {
	slots []*slot
}

type slot struct {
	hits int
}

type pick struct {
	s *slot
}

func (t *slotTable) Fill() { // want Fill:`may block` Fill:`summary\(started arg0\)` Fill:`reads suggestloopless\.slotTable\.slots`
	var wg sync.WaitGroup
	for i := range t.slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.bump(pick{t.slots[i]})
		}()
	}
	wg.Wait()
}

func (t *slotTable) bump(p pick) { p.s.hits++ }

// A stamper's goroutines record when each feed was checked through a
// helper handed the time: time.Now() leads to no state, so what the
// helper writes is the stamper's, which its callers read.
type stamper struct { // want `suggest for suggestloopless\.stamper: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.stamper\)\.Check\) touches its field checked without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	checked map[string]time.Time
}

func (s *stamper) Check(url string) { // want Check:`summary\(started arg0\)`
	go func() {
		s.mark(url, time.Now())
	}()
}

func (s *stamper) mark(url string, at time.Time) { s.checked[url] = at }

func (s *stamper) Last(url string) time.Time { return s.checked[url] } // want Last:`reads suggestloopless\.stamper\.checked`
