package ergo_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ergo-services/ergo/etf"
	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/node"
	"github.com/ergo-services/ergo/proto/dist"

	"github.com/confinecheck/confinecheck/examples/ergo/buggy"
	"github.com/confinecheck/confinecheck/examples/ergo/fixed"
	"github.com/confinecheck/confinecheck/examples/ergo/jobs"
	"github.com/confinecheck/confinecheck/examples/ergo/lookalike"
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
		defer r.n.Stop()
		return run(r)
	}
	return fmt.Errorf("no scenario %q", mode)
}

// timeout bounds every wait of a scenario: a scenario that hangs fails.
const timeout = 10 * time.Second

// startNode starts a node for one scenario. It is started with
// node.StartWithContext rather than ergo.StartNode, which would add the
// system application (whose anonymous metrics dial a host on the
// internet) and an EPMD registrar (a server on port 4369): here there are
// no default applications, static routes only, and the one listener ergo
// requires, on the loopback address the node's name gives it.
func startNode() (node.Node, error) {
	return node.StartWithContext(context.Background(), "example@127.0.0.1", "cookie", node.Options{
		StaticRoutesOnly: true,
		Listeners:        []node.Listener{node.DefaultListener()},
		Handshake:        dist.CreateHandshake(dist.HandshakeOptions{}),
		Proto:            dist.CreateProto(node.DefaultProtoOptions()),
		System:           node.System{DisableAnonMetrics: true},
	})
}

// A probe is a process that puts every message it gets on got; the test
// sends with it.
type probe struct {
	gen.Server
	got chan etf.Term
}

func (p *probe) HandleInfo(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	p.got <- message
	return gen.ServerStatusOK
}

// A caller is a process that makes one call for the test at a time: a call
// must be made in a callback (ServerProcess.Call hands the loop the
// reference to wait for).
type caller struct{ gen.Server }

// A call is what a caller is asked to do: call to with msg, and put the
// answer (or the error) on answer.
type call struct {
	to     etf.Pid
	msg    etf.Term
	answer chan etf.Term
}

func (c *caller) HandleInfo(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	if req, ok := message.(call); ok {
		v, err := process.Call(req.to, req.msg)
		if err != nil {
			v = err
		}
		req.answer <- v
	}
	return gen.ServerStatusOK
}

// A scriptedWorker fails every job's first attempt, and holds its answer
// to any later one until the test releases it.
type scriptedWorker struct {
	gen.Server
	failed  chan int      // the first attempt was answered
	arrived chan int      // a later attempt arrived
	release chan struct{} // closed by the test: answer later attempts
}

func (w *scriptedWorker) HandleInfo(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	work, ok := message.(jobs.Work)
	if !ok {
		return gen.ServerStatusOK
	}
	if work.Attempt == 1 {
		process.Send(work.From, jobs.Failed{ID: work.ID, Reason: "refused"})
		w.failed <- work.Attempt
		return gen.ServerStatusOK
	}
	w.arrived <- work.Attempt
	<-w.release
	process.Send(work.From, jobs.Done{ID: work.ID})
	return gen.ServerStatusOK
}

var coordinators = map[string]func(worker etf.Pid) gen.ServerBehavior{
	"buggy": func(w etf.Pid) gen.ServerBehavior {
		return buggy.New(buggy.Config{Worker: w, RetryDelay: time.Millisecond, MaxAttempts: 3})
	},
	"fixed": func(w etf.Pid) gen.ServerBehavior {
		return fixed.New(fixed.Config{Worker: w, RetryDelay: time.Millisecond, MaxAttempts: 3})
	},
}

// drivenRetry submits one job whose first attempt fails, and reads the
// coordinator's counters while the retry is on its way.
//
// The race detector reports two accesses from different goroutines that no
// synchronization orders, however far apart in time they run, so what must
// be arranged is the order of synchronizations, not timing:
//
//   - Every process is spawned first: spawning takes the node's process
//     table under its write lock, after which a reader (every Send takes
//     the read lock) would be ordered before the test.
//   - The worker sends Failed to the coordinator's mailbox before it tells
//     the test, and the test sends GetStats to the same mailbox after that:
//     the Failed turn, which starts the buggy retry timer, runs before the
//     GetStats turn. So the GetStats turn is not ordered before the
//     timer's func.
//   - Nothing the timer's func does reaches the coordinator before the
//     GetStats turn reads the counters: its first steps are the writes; it
//     then sends attempt 2 to the worker (read locks, and the worker's
//     mailbox), and the worker holds attempt 2 until the test has the
//     counters.
//
// So with the buggy coordinator the timer's c.retries++ and c.attempts++
// (in dispatch) and the GetStats turn's reads are unordered whichever runs
// first, and the race is reported every run. The fixed coordinator sends
// itself a message after the delay: the retry runs in a turn, and there is
// nothing to report.
func drivenRetry(mode string) error {
	n, err := startNode()
	if err != nil {
		return err
	}
	defer n.Stop()
	got := make(chan etf.Term)
	p, err := n.Spawn("probe", gen.ProcessOptions{}, &probe{got: got})
	if err != nil {
		return err
	}
	w := &scriptedWorker{failed: make(chan int), arrived: make(chan int), release: make(chan struct{})}
	worker, err := n.Spawn("worker", gen.ProcessOptions{}, w)
	if err != nil {
		return err
	}
	coordinator, err := n.Spawn("coordinator", gen.ProcessOptions{}, coordinators[mode](worker.Self()))
	if err != nil {
		return err
	}
	getStats := func() (jobs.Stats, error) {
		if err := p.Send(coordinator.Self(), jobs.GetStats{ReplyTo: p.Self()}); err != nil {
			return jobs.Stats{}, err
		}
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

	if err := p.Send(coordinator.Self(), jobs.Submit{ID: "job-1"}); err != nil {
		return err
	}
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
	turn := `buggy\.\(\*coordinator\)\.HandleInfo\(\)`
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

// A cacheRun is the look-alike cache, spawned on a node of its own, and
// what the scenarios drive it with: every process is spawned before the
// scenario starts (see drivenRetry).
type cacheRun struct {
	n       node.Node
	cache   gen.Process
	probe   gen.Process
	callers []gen.Process
	events  chan string
}

func newCache() (*cacheRun, error) {
	n, err := startNode()
	if err != nil {
		return nil, err
	}
	r := &cacheRun{n: n, events: make(chan string)}
	if r.probe, err = n.Spawn("probe", gen.ProcessOptions{}, &probe{got: make(chan etf.Term)}); err != nil {
		return nil, err
	}
	for i := range 2 {
		c, err := n.Spawn(fmt.Sprint("caller", i), gen.ProcessOptions{}, &caller{})
		if err != nil {
			return nil, err
		}
		r.callers = append(r.callers, c)
	}
	load := func(key string) string { return "loaded " + key }
	if r.cache, err = n.Spawn("cache", gen.ProcessOptions{}, lookalike.New(load, r.events)); err != nil {
		return nil, err
	}
	return r, nil
}

// send sends msg to the cache's mailbox.
func (r *cacheRun) send(msg etf.Term) error { return r.probe.Send(r.cache.Self(), msg) }

// callAsync has caller i call the cache with msg; the answer comes on the
// channel returned.
func (r *cacheRun) callAsync(i int, msg etf.Term) (chan etf.Term, error) {
	answer := make(chan etf.Term, 1)
	return answer, r.probe.Send(r.callers[i].Self(), call{to: r.cache.Self(), msg: msg, answer: answer})
}

// call has caller 0 call the cache with msg, and returns the answer.
func (r *cacheRun) call(msg etf.Term) (etf.Term, error) {
	answer, err := r.callAsync(0, msg)
	if err != nil {
		return nil, err
	}
	v, err := examplecheck.Receive(answer, fmt.Sprintf("%T", msg), timeout)
	if e, ok := v.(error); ok && err == nil {
		err = e
	}
	return v, err
}

// event waits for the cache to publish an event that starts with prefix.
func (r *cacheRun) event(prefix string) error {
	ev, err := examplecheck.Receive(r.events, "event "+prefix, timeout)
	if err == nil && !strings.HasPrefix(ev, prefix) {
		err = fmt.Errorf("event %q, want one starting with %q", ev, prefix)
	}
	return err
}

// all runs steps in order, up to the first error.
func all(steps ...func() error) error {
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// lookalikeScenarios drive the look-alike cache: each "lookalike/NAME" one
// runs a racy line of lookalike/cache.go beside a turn that touches the same
// state, arranged as drivenRetry is: the racy goroutine or timer starts in
// one turn, the test sends the next message without waiting for it, and the
// goroutine's last step (a send on the events channel, or the reply)
// blocks or is waited for only after the test has the turn's answer; so the
// two accesses are unordered whichever runs first. "lookalike/safe" runs
// the safe look-alikes, which must give no report.
var lookalikeScenarios = map[string]func(r *cacheRun) error{
	// The goroutine writes the map; the Get turn reads it.
	"lookalike/warm": func(r *cacheRun) error {
		return all(
			func() error { return r.send(lookalike.Put{Key: "a", Value: "1"}) },
			func() error { return r.send(lookalike.Warm{Keys: []string{"a", "b"}}) },
			func() error { _, err := r.call(lookalike.Get{Key: "a"}); return err },
			func() error { return r.event("warmed") },
		)
	},
	// audit ranges over the map; the next Put writes it.
	"lookalike/audit": func(r *cacheRun) error {
		return all(
			func() error { return r.send(lookalike.Put{Key: "a", Value: ""}) },
			func() error { return r.send(lookalike.Audit{}) },
			func() error { return r.send(lookalike.Put{Key: "b", Value: "2"}) },
			func() error { _, err := r.call(lookalike.GetStats{}); return err },
			func() error { return r.event("") },
		)
	},
	// The goroutine reads puts; the next Put writes it.
	"lookalike/report": func(r *cacheRun) error {
		return all(
			func() error { return r.send(lookalike.Report{}) },
			func() error { return r.send(lookalike.Put{Key: "a", Value: "1"}) },
			func() error { _, err := r.call(lookalike.GetStats{}); return err },
			func() error { return r.event("") },
		)
	},
	// The timer's expire clears the map and counts; GetStats reads both.
	"lookalike/expire": func(r *cacheRun) error {
		return all(
			func() error { return r.send(lookalike.Put{Key: "a", Value: "1"}) },
			func() error { return r.send(lookalike.ExpireAfter{D: time.Millisecond}) },
			func() error { _, err := r.call(lookalike.GetStats{}); return err },
			func() error { return r.event("expired") },
		)
	},
	// The timer reads the map for its reply; the next Put writes it. The
	// slow call holds caller 1 until the timer replies, so GetStats goes
	// through caller 0. Caller 1's call may reach the cache's mailbox
	// after a message the test sends next, so the test asks for the stats
	// until the cache has taken the call (Deferred), and only then sends
	// the Put: the Put turn is then after the turn that started the timer.
	"lookalike/peek": func(r *cacheRun) error {
		var peek chan etf.Term
		return all(
			func() error { return r.send(lookalike.Put{Key: "a", Value: "1"}) },
			func() (err error) {
				peek, err = r.callAsync(1, lookalike.SlowPeek{Key: "a", D: time.Millisecond})
				return err
			},
			func() error {
				for {
					v, err := r.call(lookalike.GetStats{})
					if s, ok := v.(lookalike.Stats); err != nil || ok && s.Deferred == 1 {
						return err
					}
				}
			},
			func() error { return r.send(lookalike.Put{Key: "b", Value: "2"}) },
			func() error { _, err := r.call(lookalike.GetStats{}); return err },
			func() error { _, err := examplecheck.Receive(peek, "SlowPeek", timeout); return err },
		)
	},
	// The safe look-alikes: each hands its result back in a message or a
	// reply, or works on what it was given.
	"lookalike/safe": func(r *cacheRun) error {
		return all(
			func() error { return r.send(lookalike.Put{Key: "a", Value: "1"}) },
			func() error { return r.send(lookalike.WarmAndTell{Keys: []string{"b", "c"}}) },
			func() error { return r.event("loaded") },
			func() error { return r.send(lookalike.Snapshot{}) },
			func() error { return r.send(lookalike.Put{Key: "d", Value: "4"}) },
			func() error { return r.event("1 puts, 3 entries") },
			func() error {
				v, err := r.call(lookalike.SlowGet{Key: "d", D: time.Millisecond})
				if err == nil && v != "4" {
					err = fmt.Errorf("SlowGet answered %#v, want 4", v)
				}
				return err
			},
			func() error { return r.send(lookalike.Compute{N: 10}) },
			func() error {
				for {
					v, err := r.call(lookalike.Get{Key: "sum"})
					if err != nil || v == "55" {
						return err
					}
				}
			},
			func() error { return r.send(lookalike.ExpireSoon{D: time.Millisecond}) },
			func() error { return r.event("expired") },
			func() error {
				v, err := r.call(lookalike.GetStats{})
				if want := (lookalike.Stats{Size: 0, Puts: 3, Loads: 2, Expiries: 1, Deferred: 1}); err == nil && v != want {
					err = fmt.Errorf("stats %+v, want %+v", v, want)
				}
				return err
			},
		)
	},
}

// TestRaceDetectorOnTheLookalike: every line of lookalike/cache.go marked
// racy races with a turn of the cache, and the safe look-alikes run clean.
func TestRaceDetectorOnTheLookalike(t *testing.T) {
	t.Parallel()
	const file = "lookalike/cache.go"
	info, call := `lookalike\.\(\*cache\)\.HandleInfo\(\)`, `lookalike\.\(\*cache\)\.HandleCall\(\)`
	for _, c := range []struct{ mode, text, other string }{
		{"lookalike/warm", "a.entries[k] = load(k)", call},
		{"lookalike/audit", "go a.audit()", info},
		{"lookalike/report", `a.events <- fmt.Sprintf("%d puts", a.puts)`, info},
		{"lookalike/expire", "a.expire() // the timer's goroutine", call},
		{"lookalike/peek", "process.SendReply(from, a.entries[msg.Key])", info},
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
