package known

import (
	"go/types"
	"slices"
)

// A Program is a function making a program from the model at argument
// Model, whose method Run runs the model's turns on the calling goroutine
// until the program is over.
type Program struct {
	Model int
	Run   string
	why   string
}

var programs = byPackage[Program]{
	"github.com/charmbracelet/bubbletea": {
		"github.com/charmbracelet/bubbletea.NewProgram": {Model: 0, Run: "Run", why: "(*Program).Run runs the event loop calling the model's Update and View until the program quits (tea.go, eventLoop)"},
	},
	"charm.land/bubbletea/v2": {
		"charm.land/bubbletea/v2.NewProgram": {Model: 0, Run: "Run", why: "as v1: (*Program).Run runs the event loop on the caller's goroutine"},
	},
}

// ProgramMade returns what fn makes a program of, if it is a Program.
func ProgramMade(fn *types.Func) (Program, bool) { return programs.of(fn) }

// RunsProgram reports whether fn is the run method of the programs a
// Program makes: it runs the model's turns on its caller until the
// program is over.
func RunsProgram(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() == nil {
		return false
	}
	for _, p := range programs[fn.Pkg().Path()] {
		if p.Run == fn.Name() {
			return true
		}
	}
	return false
}

// IsProgramRun reports whether name is the run method of a Program's
// programs: asked of every call a go statement's literal makes, before
// the program is traced back to its maker.
func IsProgramRun(name string) bool {
	for _, rows := range programs {
		for _, p := range rows {
			if p.Run == name {
				return true
			}
		}
	}
	return false
}

// A Harness is a test library's function that runs a program of the
// model at argument Model on a goroutine of its own and returns a handle
// whose methods Waits (declared in the harness's package) return only once
// the program is over.
type Harness struct {
	Model int
	Waits []string
	why   string
}

var harnesses = byPackage[Harness]{
	"github.com/charmbracelet/x/exp/teatest": {
		"github.com/charmbracelet/x/exp/teatest.NewTestModel": {Model: 1, Waits: []string{"WaitFinished", "FinalModel", "FinalOutput"},
			why: "NewTestModel runs tm.program.Run() in a go statement that sends on doneCh after Run returns; the waits receive from doneCh, or fail the test on their timeout (teatest.go, waitDone)"},
	},
	"github.com/charmbracelet/x/exp/teatest/v2": {
		"github.com/charmbracelet/x/exp/teatest/v2.NewTestModel": {Model: 1, Waits: []string{"WaitFinished", "FinalModel", "FinalOutput"},
			why: "as v1, for Bubble Tea v2"},
	},
}

// HarnessMade returns the harness fn is, if it is one.
func HarnessMade(fn *types.Func) (Harness, bool) { return harnesses.of(fn) }

// WaitsForProgram reports whether fn is a method of a harness's handle
// that returns only once the program the handle runs is over.
func WaitsForProgram(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() == nil {
		return false
	}
	for _, h := range harnesses[fn.Pkg().Path()] {
		if slices.Contains(h.Waits, fn.Name()) {
			return true
		}
	}
	return false
}

// actorStops are the calls of actor frameworks that stop the actor whose
// handle they are given and return a context done only once its last turn
// is over.
var actorStops = byPackage[string]{
	"github.com/anthdm/hollywood/actor": {
		"(*github.com/anthdm/hollywood/actor.Engine).Poison": "its context is cancelled by the process's cleanup, after the Stopped turn (actor/process.go, cleanup), or at once for an actor not running",
		"(*github.com/anthdm/hollywood/actor.Engine).Stop":   "as Poison, without draining the inbox first",
		// Not PoisonCtx: the caller's context may end the wait first.
	},
}

// StopsActor reports whether fn stops the actor handed to it and returns
// a context done once its last turn is over.
func StopsActor(fn *types.Func) bool { return actorStops.has(fn) }

// An ActorFunc is a function of an actor framework that spawns the func
// at argument Arg (counted with the receiver first) as an actor of its
// own: its turns run on its own mailbox, as those of the framework's type
// Actor. A func converted to a func type that is an actor (protoactor's
// ReceiveFunc) needs no row.
type ActorFunc struct {
	Arg   int
	Actor string
	why   string
}

var actorFuncs = byPackage[ActorFunc]{
	"github.com/anthdm/hollywood/actor": {
		"(*github.com/anthdm/hollywood/actor.Engine).SpawnFunc":       {Arg: 1, Actor: "funcReceiver", why: "spawns newFuncReceiver(f), a Receiver whose Receive calls f (engine.go)"},
		"(*github.com/anthdm/hollywood/actor.Context).SpawnChildFunc": {Arg: 1, Actor: "funcReceiver", why: "as SpawnFunc, as a child of the context's actor (context.go)"},
	},
}

// SpawnsFunc returns how fn spawns a func as an actor, if it does.
func SpawnsFunc(fn *types.Func) (ActorFunc, bool) { return actorFuncs.of(fn) }

// startedMessages are the messages actor frameworks deliver to a new
// actor before any other: what a turn writes handling one sets the actor
// up (r.engine = c.Engine() in case actor.Started).
var startedMessages = byPackage[string]{
	"github.com/anthdm/hollywood/actor": {
		"Initialized": "hollywood's first message to every actor (process.Start), before Started and any other",
		"Started":     "hollywood's second message to every actor (process.Start), before any other",
	},
	"github.com/asynkron/protoactor-go/actor": {
		"Started": "protoactor's first message to every actor, before any other",
	},
}

// firstTurns are the interface methods actor frameworks call for a new
// actor before any other turn, and before anything it starts runs: what
// an implementation writes sets the actor up, as a constructor does
// (r.name = r.cfg.Name in an Ergo server's Init).
var firstTurns = byPackage[string]{
	"github.com/ergo-services/ergo/gen": {
		"(github.com/ergo-services/ergo/gen.ServerBehavior).Init":               "node.Spawn runs it on the spawning goroutine, then starts the process loop that runs every other callback (node/core.go:452-524, gen/server.go:181-206)",
		"(github.com/ergo-services/ergo/gen.PoolWorkerBehavior).InitPoolWorker": "gen.PoolWorker's Init calls it, so it runs as a server's Init does (gen/pool_worker.go:34-45)",
	},
}

// IsFirstTurn reports whether method, an interface method, is a turn its
// framework runs for an actor before any other.
func IsFirstTurn(method *types.Func) bool { return firstTurns.has(method) }

// IsStartedMessage reports whether the type tn names is delivered to a new
// actor before any other message.
func IsStartedMessage(tn *types.TypeName) bool {
	if tn.Pkg() == nil {
		return false
	}
	_, ok := startedMessages[tn.Pkg().Path()][tn.Name()]
	return ok
}

// inPlaceRunners are the functions that run a func they are handed on
// their caller's goroutine before they return: what that func writes, its
// caller writes.
var inPlaceRunners = byPackage[string]{
	"sync": {"(*sync.Once).Do": "runs it on the caller, the first time"},
}

// RunsInPlace reports whether fn runs the func it is handed on the
// caller's goroutine before it returns.
func RunsInPlace(fn *types.Func) bool { return inPlaceRunners.has(fn) }

// onceRunners are the functions that start the func they are handed once
// per call; any other function code is handed to off the owner (a
// framework's registration: a stream handler, a notifier's callback) may
// run it beside itself, once per event.
var onceRunners = byPackage[string]{
	"sync": {
		"(*sync.WaitGroup).Go": "one goroutine per call",
		"(*sync.Once).Do":      "runs it at most once",
	},
	"golang.org/x/sync/errgroup": {
		"(*golang.org/x/sync/errgroup.Group).Go":    "one goroutine per call",
		"(*golang.org/x/sync/errgroup.Group).TryGo": "one goroutine per call, if any",
	},
	"time":    {"time.AfterFunc": "one timer, fired once"},
	"context": {"context.AfterFunc": "runs it once, when the context is done"},
}

// RunsOnce reports whether fn starts the func it is handed once per call.
func RunsOnce(fn *types.Func) bool { return onceRunners.has(fn) }

// accepters are the methods that block until the next connection of a
// listener: a loop calling one receives work, one connection a turn, as
// a loop ranging over a channel does.
var accepters = byPackage[string]{
	"net": {
		"(net.Listener).Accept":          "the interface's Accept: the next connection",
		"(*net.TCPListener).Accept":      "as net.Listener's",
		"(*net.TCPListener).AcceptTCP":   "as Accept, typed",
		"(*net.UnixListener).Accept":     "as net.Listener's",
		"(*net.UnixListener).AcceptUnix": "as Accept, typed",
	},
}

// AcceptsWork reports whether fn blocks until a listener's next
// connection.
func AcceptsWork(fn *types.Func) bool { return accepters.has(fn) }

// goroutineEnds are the functions that never return to their caller: the
// goroutine, or the program, ends in them. Code past a wait with a
// timeout that calls one runs only once the wait is over.
var goroutineEnds = byPackage[string]{
	"testing": {
		"(*testing.common).Fatal":   "FailNow: runtime.Goexit ends the test's goroutine",
		"(*testing.common).Fatalf":  "as Fatal",
		"(*testing.common).FailNow": "runtime.Goexit ends the test's goroutine",
		"(*testing.common).Skip":    "SkipNow: runtime.Goexit ends the test's goroutine",
		"(*testing.common).Skipf":   "as Skip",
		"(*testing.common).SkipNow": "runtime.Goexit ends the test's goroutine",
		"(testing.TB).Fatal":        "as (*testing.common).Fatal, the only implementation (TB has an unexported method)",
		"(testing.TB).Fatalf":       "as Fatal",
		"(testing.TB).FailNow":      "as Fatal",
		"(testing.TB).Skip":         "as (*testing.common).Skip",
		"(testing.TB).Skipf":        "as Skip",
		"(testing.TB).SkipNow":      "as Skip",
	},
	"log": {
		"log.Fatal":             "os.Exit(1) after logging",
		"log.Fatalf":            "as Fatal",
		"log.Fatalln":           "as Fatal",
		"(*log.Logger).Fatal":   "as log.Fatal",
		"(*log.Logger).Fatalf":  "as log.Fatal",
		"(*log.Logger).Fatalln": "as log.Fatal",
	},
	"os":      {"os.Exit": "ends the program"},
	"runtime": {"runtime.Goexit": "ends the calling goroutine"},
}

// EndsGoroutine reports whether fn never returns to its caller.
func EndsGoroutine(fn *types.Func) bool { return goroutineEnds.has(fn) }

// An EntryUse is what a library function does with the entries of the
// maps and slices it is handed: the arguments (a method's receiver first)
// whose entries it reads, and those whose entries it writes, on its
// caller's goroutine. The library's code is out of view; its summary
// cannot say.
type EntryUse struct {
	Reads, Writes []int
	why           string
}

var entryUses = byPackage[EntryUse]{
	"maps": {
		"maps.Keys":       {Reads: []int{0}, why: "an iterator ranging over the map when its consumer (slices.Sorted, a range loop) runs it, right there"},
		"maps.Values":     {Reads: []int{0}, why: "as maps.Keys"},
		"maps.All":        {Reads: []int{0}, why: "as maps.Keys"},
		"maps.Clone":      {Reads: []int{0}, why: "copies every entry"},
		"maps.Copy":       {Reads: []int{1}, Writes: []int{0}, why: "copies src's entries into dst"},
		"maps.Equal":      {Reads: []int{0, 1}, why: "compares every entry"},
		"maps.DeleteFunc": {Writes: []int{0}, why: "deletes entries in place"},
	},
	"slices": {
		"slices.Clone":        {Reads: []int{0}, why: "copies every element"},
		"slices.Contains":     {Reads: []int{0}, why: "reads the elements"},
		"slices.ContainsFunc": {Reads: []int{0}, why: "reads the elements"},
		"slices.Index":        {Reads: []int{0}, why: "reads the elements"},
		"slices.IndexFunc":    {Reads: []int{0}, why: "reads the elements"},
		"slices.Equal":        {Reads: []int{0, 1}, why: "compares every element"},
		"slices.Values":       {Reads: []int{0}, why: "as maps.Keys, for a slice"},
		"slices.All":          {Reads: []int{0}, why: "as maps.Keys, for a slice"},
		"slices.Sort":         {Writes: []int{0}, why: "sorts in place"},
		"slices.SortFunc":     {Writes: []int{0}, why: "sorts in place"},
		"slices.Reverse":      {Writes: []int{0}, why: "reverses in place"},
	},
	"sort": {
		"sort.Strings": {Writes: []int{0}, why: "sorts in place"},
		"sort.Ints":    {Writes: []int{0}, why: "sorts in place"},
	},
}

// EntryUseOf returns what fn does with the entries it is handed, if it is
// a library function with a row.
func EntryUseOf(fn *types.Func) (EntryUse, bool) { return entryUses.of(fn) }

// byPackage holds rows by the path of the package declaring the function,
// then by the function's full name: a lookup spells the full name only
// for the few packages with rows.
type byPackage[Row any] map[string]map[string]Row

func (t byPackage[Row]) has(fn *types.Func) bool {
	_, ok := t.of(fn)
	return ok
}

func (t byPackage[Row]) of(fn *types.Func) (Row, bool) {
	var zero Row
	if fn == nil || fn.Pkg() == nil || t[fn.Pkg().Path()] == nil {
		return zero, false
	}
	row, ok := t[fn.Pkg().Path()][fn.Origin().FullName()]
	return row, ok
}
