package suggestloopless

import (
	"sync"
	"time"
)

// A sweeper starts a goroutine per shard, each handed its shard, and
// sets its sweep time while they run; through two helpers, each reads
// that time off the sweeper it was also handed. The shard is the
// goroutine's part, but the sweep time is the sweeper's.
type sweeper struct { // want `suggest for suggestloopless\.sweeper: //confined:owner: code off the owner \(func literal in \(\*suggestloopless\.sweeper\)\.Sweep\) touches its field lastSweep without a lock, and the code that creates and calls the value uses it too \(\(\*suggestloopless\.sweeper\)\.Sweep\): with no loop, that code is the owner, and the check reports the goroutines`
	shards    []*shard // want `suggest for field shards: //confined:any: only code building a sweeper writes it, and \(\*suggestloopless\.sweeper\)\.Sweep reads it off the owner`
	lastSweep time.Time
	idle      time.Duration // want `suggest for field idle: //confined:any: only code building a sweeper writes it, and \(\*suggestloopless\.sweeper\)\.cutoff reads it off the owner`
}

type shard struct {
	mu      sync.Mutex
	expires map[string]time.Time
	swept   int
}

func (s *sweeper) Sweep(now time.Time) { // want Sweep:`writes suggestloopless\.sweeper\.lastSweep` Sweep:`may block` Sweep:`summary\(started arg0\)`
	var wg sync.WaitGroup
	for _, sh := range s.shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.sweepShard(sh)
		}()
	}
	s.lastSweep = now
	wg.Wait()
}

func (s *sweeper) sweepShard(sh *shard) { sh.expireBefore(s.cutoff()) }

func (s *sweeper) cutoff() time.Time { return s.lastSweep.Add(-s.idle) }

func (sh *shard) expireBefore(cutoff time.Time) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for k, at := range sh.expires {
		if at.Before(cutoff) {
			delete(sh.expires, k)
			sh.swept++
		}
	}
}

// Look-alike: a reaper takes the cutoff before it starts its goroutines
// and hands it to each; what they write of their shard is theirs.
type reaper struct {
	shards []*reapShard
	idle   time.Duration
}

type reapShard struct {
	expires map[string]time.Time
	reaped  int
}

func (r *reaper) Reap(now time.Time) { // want Reap:`may block` Reap:`summary\(started arg0 arg1\)` Reap:`reads suggestloopless\.reaper\.idle, suggestloopless\.reaper\.shards`
	cutoff := now.Add(-r.idle)
	var wg sync.WaitGroup
	for _, sh := range r.shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.reapShard(sh, cutoff)
		}()
	}
	wg.Wait()
}

func (r *reaper) reapShard(sh *reapShard, cutoff time.Time) { sh.expireBefore(cutoff) }

func (sh *reapShard) expireBefore(cutoff time.Time) {
	for k, at := range sh.expires {
		if at.Before(cutoff) {
			delete(sh.expires, k)
			sh.reaped++
		}
	}
}

// Look-alike: a link's Start sets up its queue and its MTU, then starts a
// goroutine that reads them through a helper, which Close waits for;
// nothing writes them after the start: they are handed over, not shared.
type link struct {
	wg   sync.WaitGroup
	q    *packetQueue
	mtu  int
	peer string
}

type packetQueue struct {
	sizes []int
}

func (l *link) Attach(peer string) { l.peer = peer } // want Attach:`writes suggestloopless\.link\.peer`

func (l *link) Start() { // want Start:`summary\(started arg0\)` Start:`writes suggestloopless\.link\.mtu, suggestloopless\.link\.q`
	if l.mtu == 0 {
		l.mtu = 1400
	}
	l.q = &packetQueue{}
	l.wg.Go(func() { l.drain() })
}

func (l *link) drain() {
	for _, n := range l.q.sizes {
		_ = n > l.mtu
	}
}

func (l *link) Close() { l.wg.Wait() } // want Close:`may block`
