package hollywood_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"

	"github.com/confinecheck/confinecheck/examples/hollywood/buggy"
	"github.com/confinecheck/confinecheck/examples/hollywood/fixed"
	"github.com/confinecheck/confinecheck/examples/hollywood/jobs"
	"github.com/confinecheck/confinecheck/examples/hollywood/lookalike"
	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// driven runs the scenario named by mode, in the subprocess that
// examplecheck starts with -race.
func driven(mode string) error {
	if mode == "buggy" || mode == "fixed" {
		return drivenRetry(mode)
	}
	if run, ok := lookalikeScenarios[mode]; ok {
		r, err := newCache()
		if err != nil {
			return err
		}
		return run(r)
	}
	return fmt.Errorf("no scenario %q", mode)
}

// timeout bounds every wait of a scenario: a scenario that hangs fails.
const timeout = 10 * time.Second

// newEngine returns a local engine (no remote) and a probe actor that puts
// every message it gets, but the engine's lifecycle ones, on got. Requests
// are sent with the probe as their sender, so the answers come to got:
// engine.Request would register a Response in the engine's registry under
// its write lock, which orders the test after whatever took the read lock
// before (every Send does), and so could order the two accesses of a race.
func newEngine() (*actor.Engine, *actor.PID, chan any, error) {
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		return nil, nil, nil, err
	}
	got := make(chan any)
	probe := e.SpawnFunc(func(c *actor.Context) {
		switch c.Message().(type) {
		case actor.Initialized, actor.Started, actor.Stopped:
		default:
			got <- c.Message()
		}
	}, "probe")
	return e, probe, got, nil
}

// A scriptedWorker fails every job's first attempt, and holds its answer
// to any later one until the test releases it.
type scriptedWorker struct {
	failed  chan int      // the first attempt was answered
	arrived chan int      // a later attempt arrived
	release chan struct{} // closed by the test: answer later attempts
}

func (w *scriptedWorker) receive(c *actor.Context) {
	work, ok := c.Message().(jobs.Work)
	if !ok {
		return
	}
	if work.Attempt == 1 {
		c.Respond(jobs.Failed{ID: work.ID, Reason: "refused"})
		w.failed <- work.Attempt
		return
	}
	w.arrived <- work.Attempt
	<-w.release
	c.Respond(jobs.Done{ID: work.ID})
}

var coordinators = map[string]func(worker *actor.PID) actor.Producer{
	"buggy": func(w *actor.PID) actor.Producer {
		return buggy.Producer(buggy.Config{Worker: w, RetryDelay: time.Millisecond, MaxAttempts: 3})
	},
	"fixed": func(w *actor.PID) actor.Producer {
		return fixed.Producer(fixed.Config{Worker: w, RetryDelay: time.Millisecond, MaxAttempts: 3})
	},
}

// drivenRetry submits one job whose first attempt fails, and reads the
// coordinator's counters while the retry is on its way.
//
// The race detector reports two accesses from different goroutines that no
// synchronization orders, however far apart in time they run, so what must
// be arranged is the order of synchronizations, not timing:
//
//   - The worker answers attempt 1 (a push onto the coordinator's inbox)
//     before it tells the test, and the test sends GetStats after that: the
//     Failed turn, which starts the buggy retry timer, runs before the
//     GetStats turn. So the GetStats turn is not ordered before the timer's
//     func.
//   - Nothing the timer's func does reaches the coordinator before the
//     GetStats turn reads the counters: its first steps are the writes; it
//     then sends attempt 2 to the worker (the worker's inbox and the
//     registry's read lock, neither of which the coordinator's turn takes
//     after a writer), and the worker holds attempt 2 until the test has
//     the counters; the test asks with its probe as the sender, never
//     through engine.Request (see newEngine).
//
// So with the buggy coordinator the timer's c.retries++ and c.attempts++
// (in dispatch) and the GetStats turn's reads are unordered whichever runs
// first, and the race is reported every run. The fixed coordinator's timer
// only sends the actor a message: the retry runs in a turn, and there is
// nothing to report.
func drivenRetry(mode string) error {
	producer := coordinators[mode]
	e, probe, got, err := newEngine()
	if err != nil {
		return err
	}
	w := &scriptedWorker{failed: make(chan int), arrived: make(chan int), release: make(chan struct{})}
	worker := e.SpawnFunc(w.receive, "worker")
	coordinator := e.Spawn(producer(worker), "coordinator")
	getStats := func() (jobs.Stats, error) {
		e.SendWithSender(coordinator, jobs.GetStats{}, probe)
		v, err := examplecheck.Receive(got, "GetStats", timeout)
		if err != nil {
			return jobs.Stats{}, err
		}
		s, ok := v.(jobs.Stats)
		if !ok {
			return jobs.Stats{}, fmt.Errorf("GetStats answered %#v", v)
		}
		return s, nil
	}

	e.Send(coordinator, jobs.Submit{ID: "job-1"})
	if _, err := examplecheck.Receive(w.failed, "attempt 1 was not answered", timeout); err != nil {
		return err
	}
	during, err := getStats()
	if err != nil {
		return err
	}
	if _, err := examplecheck.Receive(w.arrived, "attempt 2 did not arrive", timeout); err != nil {
		return err
	}
	close(w.release)
	// The coordinator takes Done in a turn of its own: ask until it has.
	after := jobs.Stats{Pending: 1}
	for after.Pending > 0 {
		if after, err = getStats(); err != nil {
			return err
		}
	}
	fmt.Printf("stats while retrying: %+v; after: %+v\n", during, after)
	if want := (jobs.Stats{Done: 1, Attempts: 2, Retries: 1}); after != want {
		return fmt.Errorf("stats after the retry: %+v, want %+v", after, want)
	}
	return nil
}

// TestRaceDetectorCatchesTheBug: both lines of the buggy retry timer that
// confinecheck reports race with the coordinator's GetStats turn.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	turn := `buggy\.\(\*coordinator\)\.Receive\(\)`
	timer := examplecheck.LineOf(t, coordinatorFile, retryTimer)
	t.Run("the timer writes retries", func(t *testing.T) {
		racy := examplecheck.Both(examplecheck.AtLine(coordinatorFile, timer+1), turn)
		example.ExpectRace(t, "buggy", racy, "between the timer's c.retries++ and the coordinator")
	})
	t.Run("the timer calls dispatch", func(t *testing.T) {
		racy := examplecheck.Both(examplecheck.AtLine(coordinatorFile, timer+2), turn)
		example.ExpectRace(t, "buggy", racy, "between the timer's dispatch and the coordinator")
	})
}

// TestRaceDetectorPassesTheFix runs the same driven retry on the fixed
// coordinator: no race, and the job done on its second attempt.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	example.ExpectNoRace(t, "fixed", "coordinator")
}

// A cacheRun is the look-alike cache, spawned on an engine of its own, and
// what the scenarios drive it with.
type cacheRun struct {
	e      *actor.Engine
	cache  *actor.PID
	probe  *actor.PID
	got    chan any
	events chan string
}

func newCache() (*cacheRun, error) {
	e, probe, got, err := newEngine()
	if err != nil {
		return nil, err
	}
	events := make(chan string)
	load := func(key string) string { return "loaded " + key }
	cache := e.Spawn(lookalike.Producer(load, events), "cache")
	return &cacheRun{e: e, cache: cache, probe: probe, got: got, events: events}, nil
}

// send sends msg to the cache, with no sender.
func (r *cacheRun) send(msg any) { r.e.Send(r.cache, msg) }

// ask sends msg to the cache with the probe as sender, and returns the
// answer.
func (r *cacheRun) ask(msg any) (any, error) {
	r.e.SendWithSender(r.cache, msg, r.probe)
	return examplecheck.Receive(r.got, fmt.Sprintf("%T", msg), timeout)
}

// event waits for the cache to publish an event that starts with prefix.
func (r *cacheRun) event(prefix string) error {
	ev, err := examplecheck.Receive(r.events, "event "+prefix, timeout)
	if err == nil && !strings.HasPrefix(ev, prefix) {
		err = fmt.Errorf("event %q, want one starting with %q", ev, prefix)
	}
	return err
}

// lookalikeScenarios drive the look-alike cache: each "lookalike/NAME" one
// runs a racy line of lookalike/cache.go beside a turn that touches the same
// state, arranged as drivenRetry is: the racy goroutine or timer starts in
// one turn, the test sends the next message without waiting for it, and the
// goroutine's last step, a send on the events channel, blocks until the
// test has the turn's answer; so the two accesses are unordered whichever
// runs first. "lookalike/safe" runs the safe look-alikes, which must give
// no report.
var lookalikeScenarios = map[string]func(r *cacheRun) error{
	// The goroutine writes the map; the Get turn reads it.
	"lookalike/warm": func(r *cacheRun) error {
		r.send(lookalike.Put{Key: "a", Value: "1"})
		r.send(lookalike.Warm{Keys: []string{"a", "b"}})
		if _, err := r.ask(lookalike.Get{Key: "a"}); err != nil {
			return err
		}
		return r.event("warmed")
	},
	// audit ranges over the map; the next Put writes it.
	"lookalike/audit": func(r *cacheRun) error {
		r.send(lookalike.Put{Key: "a", Value: ""})
		r.send(lookalike.Audit{})
		r.send(lookalike.Put{Key: "b", Value: "2"})
		if _, err := r.ask(lookalike.GetStats{}); err != nil {
			return err
		}
		return r.event("")
	},
	// The goroutine reads puts; the next Put writes it.
	"lookalike/report": func(r *cacheRun) error {
		r.send(lookalike.Report{})
		r.send(lookalike.Put{Key: "a", Value: "1"})
		if _, err := r.ask(lookalike.GetStats{}); err != nil {
			return err
		}
		return r.event("")
	},
	// The timer's expire clears the map and counts; GetStats reads both.
	"lookalike/expire": func(r *cacheRun) error {
		r.send(lookalike.Put{Key: "a", Value: "1"})
		r.send(lookalike.ExpireAfter{D: time.Millisecond})
		if _, err := r.ask(lookalike.GetStats{}); err != nil {
			return err
		}
		return r.event("expired")
	},
	// The timer's Respond reads the Context's sender; the GetStats turn's
	// delivery (hollywood's process.invokeMsg) writes it. Both answers come
	// to the probe, in either order.
	"lookalike/slow": func(r *cacheRun) error {
		r.e.SendWithSender(r.cache, lookalike.Slow{Key: "a", D: time.Millisecond}, r.probe)
		r.e.SendWithSender(r.cache, lookalike.GetStats{}, r.probe)
		for range 2 {
			if _, err := examplecheck.Receive(r.got, "the answers to Slow and GetStats", timeout); err != nil {
				return err
			}
		}
		return nil
	},
	// The safe look-alikes: each hands its result back in a message, or
	// works on what it was given.
	"lookalike/safe": func(r *cacheRun) error {
		r.send(lookalike.Put{Key: "a", Value: "1"})
		r.send(lookalike.WarmAndTell{Keys: []string{"b", "c"}})
		if err := r.event("loaded"); err != nil {
			return err
		}
		r.send(lookalike.Snapshot{})
		r.send(lookalike.Put{Key: "d", Value: "4"})
		if err := r.event("1 puts, 3 entries"); err != nil {
			return err
		}
		r.send(lookalike.Compute{N: 10})
		for {
			v, err := r.ask(lookalike.Get{Key: "sum"})
			if err != nil {
				return err
			}
			if v == "55" {
				break
			}
		}
		r.send(lookalike.ExpireSoon{D: time.Millisecond})
		if err := r.event("expired"); err != nil {
			return err
		}
		v, err := r.ask(lookalike.GetStats{})
		if err != nil {
			return err
		}
		if want := (lookalike.Stats{Size: 0, Puts: 3, Loads: 2, Expiries: 1}); v != want {
			return fmt.Errorf("stats %+v, want %+v", v, want)
		}
		return nil
	},
}

// TestRaceDetectorOnTheLookalike: every line of lookalike/cache.go marked
// racy races with a turn of the cache, and the safe look-alikes run clean.
func TestRaceDetectorOnTheLookalike(t *testing.T) {
	t.Parallel()
	const file = "lookalike/cache.go"
	turn := `lookalike\.\(\*cache\)\.Receive\(\)`
	for _, c := range []struct{ mode, text, other string }{
		{"lookalike/warm", "a.entries[k] = load(k)", turn},
		{"lookalike/audit", "go a.audit()", turn},
		{"lookalike/report", `a.events <- fmt.Sprintf("%d puts", a.puts)`, turn},
		{"lookalike/expire", "a.expire() // the timer's goroutine", turn},
		{"lookalike/slow", "c.Respond(v)", `actor\.\(\*process\)\.invokeMsg\(\)`},
	} {
		t.Run(c.mode, func(t *testing.T) {
			racy := examplecheck.Both(examplecheck.AtLine(file, examplecheck.LineOf(t, file, c.text)), c.other)
			example.ExpectRace(t, c.mode, racy, "on "+c.text)
		})
	}
	t.Run("lookalike/safe", func(t *testing.T) {
		example.ExpectNoRace(t, "lookalike/safe", "look-alikes")
	})
}
