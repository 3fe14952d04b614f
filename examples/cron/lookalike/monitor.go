// Package lookalike is a cron-driven health monitor as its author would
// write it: its state is marked //confined:owner and its select loop
// //confined:loop, and nothing else is annotated (the cron's side is the
// built-in cron pack's). Lines marked "// racy:" (with a piece of the
// finding) are jobs touching the loop's state; the other jobs are the safe
// look-alikes authors also write. ../checker_test.go checks that
// confinecheck reports exactly the marked lines; ../race_test.go makes the
// race detector report each of them, and none for the safe jobs.
package lookalike

import (
	"strings"
	"sync/atomic"
	"time"

	"github.com/robfig/cron/v3"
)

// The schedules of the monitor's jobs, one each.
const (
	ProbeSpec     = "@every 1m"   // probe every target
	AllSpec       = "@every 2m"   // probe them all at once
	HeartbeatSpec = "@every 3m"   // report the monitor itself
	CountSpec     = "@every 4m"   // count a tick
	ResetSpec     = "@daily"      // forget the failures
	CompactSpec   = "@weekly"     // drop the targets that are down
	SweepSpec     = "@hourly"     // count a sweep
	StampSpec     = "*/5 * * * *" // remember when the stamp job ran
	WatchSpec     = "@every 30s"  // probe a watched target, the racy way
	WatchSafeSpec = "@every 45s"  // probe a watched target, the safe way
)

// Monitor probes targets on schedules and keeps their status. Its loop,
// run, owns it.
//
//confined:owner
type Monitor struct {
	name        string
	status      map[string]string // target → "up" or "down"
	failures    int
	runs        int
	compactions int
	lastRun     time.Time

	ticks   atomic.Int64 // counted by a job: atomic
	results chan result
	reqs    chan chan Snapshot
	watch   chan watchReq
	quit    chan struct{}

	// cron is set once, in New; jobs may use it.
	//
	//confined:any
	cron *cron.Cron
}

// A Snapshot is what the monitor knows, copied on its loop.
type Snapshot struct {
	Status      map[string]string
	Failures    int
	Runs        int
	Compactions int
	LastRun     time.Time
	Ticks       int64
}

type result struct {
	target string
	up     bool
}

type watchReq struct {
	target string
	done   chan struct{}
}

// probe checks target: targets named "down..." are down.
func probe(target string) result {
	return result{target, !strings.HasPrefix(target, "down")}
}

// sweep is a cron.Job.
type sweep struct{ m *Monitor }

func (j sweep) Run() {
	j.m.runs++ // racy: writes confined lookalike.Monitor.runs
}

// New starts a monitor of targets; opts configure its cron.
func New(name string, targets []string, opts ...cron.Option) *Monitor {
	m := &Monitor{
		name:    name,
		status:  map[string]string{},
		results: make(chan result),
		reqs:    make(chan chan Snapshot),
		watch:   make(chan watchReq),
		quit:    make(chan struct{}),
		cron:    cron.New(opts...),
	}
	// The safe look-alikes.
	for _, t := range targets {
		// A job that only hands its result to the loop (report only
		// sends on a channel).
		must(m.cron.AddFunc(ProbeSpec, func() { m.report(probe(t)) }))
	}
	// A job over a copy captured before it starts, with locals of its own.
	all := append([]string(nil), targets...)
	must(m.cron.AddFunc(AllSpec, func() {
		up := 0
		for _, t := range all {
			if probe(t).up {
				up++
			}
		}
		m.report(result{"all", up == len(all)})
	}))
	// A field read on the owner before the job starts, and the cron
	// field, which is //confined:any.
	self := m.name
	must(m.cron.AddFunc(HeartbeatSpec, func() {
		m.report(result{self, len(m.cron.Entries()) > 0})
	}))
	// An atomic field.
	must(m.cron.AddFunc(CountSpec, func() { m.ticks.Add(1) }))

	// The racy jobs.
	must(m.cron.AddFunc(ResetSpec, func() {
		m.failures = 0 // racy: writes confined lookalike.Monitor.failures
	}))
	must(m.cron.AddFunc(CompactSpec, m.compact))
	must(m.cron.AddJob(SweepSpec, sweep{m}))
	must(m.cron.AddJob(StampSpec, cron.FuncJob(func() {
		m.lastRun = time.Now() // racy: writes confined lookalike.Monitor.lastRun
	})))

	go m.run()
	m.cron.Start()
	return m
}

// must panics if a job could not be added: the specs are constants.
func must(_ cron.EntryID, err error) {
	if err != nil {
		panic(err)
	}
}

// run is the monitor's loop.
//
//confined:loop
func (m *Monitor) run() {
	for {
		select {
		case r := <-m.results:
			if r.up {
				m.status[r.target] = "up"
			} else {
				m.status[r.target] = "down"
				m.failures++
			}
		case w := <-m.watch:
			m.watchTarget(w.target)
			close(w.done)
		case reply := <-m.reqs:
			reply <- m.snapshot()
		case <-m.quit:
			return
		}
	}
}

// watchTarget schedules two more probes of target, in a turn of the loop.
func (m *Monitor) watchTarget(target string) {
	m.status[target] = "watched"
	must(m.cron.AddFunc(WatchSpec, func() {
		m.status[target] = "probed" // racy: writes confined lookalike.Monitor.status
	}))
	must(m.cron.AddFunc(WatchSafeSpec, func() { m.report(probe(target)) }))
}

// report hands r to the loop; any goroutine may call it.
func (m *Monitor) report(r result) {
	select {
	case m.results <- r:
	case <-m.quit:
	}
}

// compact drops the targets that are down.
func (m *Monitor) compact() {
	for t, s := range m.status {
		if s == "down" {
			delete(m.status, t) // racy: calls confined (*lookalike.Monitor).compact
		}
	}
	m.compactions++ // racy: calls confined (*lookalike.Monitor).compact
}

func (m *Monitor) snapshot() Snapshot {
	s := Snapshot{
		Status:      make(map[string]string, len(m.status)),
		Failures:    m.failures,
		Runs:        m.runs,
		Compactions: m.compactions,
		LastRun:     m.lastRun,
		Ticks:       m.ticks.Load(),
	}
	for t, st := range m.status {
		s.Status[t] = st
	}
	return s
}

// Watch adds target to the probes; it returns when the loop has
// scheduled them.
func (m *Monitor) Watch(target string) {
	done := make(chan struct{})
	m.watch <- watchReq{target, done}
	<-done
}

// Snapshot returns what the monitor knows.
func (m *Monitor) Snapshot() Snapshot {
	reply := make(chan Snapshot)
	m.reqs <- reply
	return <-reply
}

// Stop stops the cron, waits for the jobs that are running, and stops the
// loop.
func (m *Monitor) Stop() {
	<-m.cron.Stop().Done()
	close(m.quit)
}
