// Package lookalike is an ergo server (gen.Server) as its author would
// write it, with no confinecheck annotation at all: racy shapes (each marked
// "// racy:" with a fragment of the finding) and the safe shapes that look
// like them (unmarked). The built-in ergo pack alone must make the checker
// report exactly the marked lines (../checker_test.go); ../race_test.go
// makes the race detector catch each marked line, and run the safe shapes
// clean.
package lookalike

import (
	"fmt"
	"maps"
	"time"

	"github.com/ergo-services/ergo/etf"
	"github.com/ergo-services/ergo/gen"
)

// The calls the cache answers (HandleCall).
type (
	Get      struct{ Key string } // answered with the value, a string
	GetStats struct{}             // answered with Stats
	SlowGet  struct {             // answered with the value after D
		Key string
		D   time.Duration
	}
	SlowPeek struct { // the same, looked up when answering
		Key string
		D   time.Duration
	}
)

// The messages the cache takes (HandleInfo).
type (
	Put         struct{ Key, Value string }
	Warm        struct{ Keys []string } // loads the keys in the background
	WarmAndTell struct{ Keys []string } // the same, done right
	Audit       struct{}                // counts the empty entries in the background
	Report      struct{}                // publishes the number of puts
	Snapshot    struct{}                // publishes the entries
	ExpireAfter struct{ D time.Duration }
	ExpireSoon  struct{ D time.Duration } // the same, done right
	Compute     struct{ N int }           // sums 1..N in the background and stores it under "sum"
)

// Stats is the answer to GetStats.
type Stats struct {
	Size, Puts, Loads, Expiries int
	Deferred                    int // calls to be answered later
}

// A Loader fetches a key's value from a slow store.
type Loader func(key string) string

// loaded carries what a background load fetched back to the process.
type loaded struct{ values map[string]string }

// expireNow tells the cache that an ExpireSoon's delay has passed.
type expireNow struct{}

// New returns a cache to spawn (node.Spawn) that loads through load and
// publishes what it does on events.
func New(load Loader, events chan<- string) gen.ServerBehavior {
	return &cache{load: load, events: events}
}

type cache struct {
	gen.Server
	load     Loader
	events   chan<- string
	entries  map[string]string
	puts     int
	loads    int
	expired  int
	deferred int
}

func (a *cache) Init(process *gen.ServerProcess, args ...etf.Term) error {
	a.entries = map[string]string{}
	return nil
}

func (a *cache) HandleCall(process *gen.ServerProcess, from gen.ServerFrom, message etf.Term) (etf.Term, gen.ServerStatus) {
	switch msg := message.(type) {
	case Get:
		return a.entries[msg.Key], gen.ServerStatusOK
	case GetStats:
		return Stats{Size: len(a.entries), Puts: a.puts, Loads: a.loads, Expiries: a.expired, Deferred: a.deferred}, gen.ServerStatusOK
	case SlowGet:
		// Answered later: ergo lets any goroutine send the reply, and the
		// value was read in the turn.
		v := a.entries[msg.Key]
		a.deferred++
		time.AfterFunc(msg.D, func() { process.SendReply(from, v) })
		return nil, gen.ServerStatusIgnore
	case SlowPeek:
		a.deferred++
		time.AfterFunc(msg.D, func() {
			process.SendReply(from, a.entries[msg.Key]) // racy: reads confined lookalike.cache.entries
		})
		return nil, gen.ServerStatusIgnore
	}
	return nil, gen.ServerStatusOK
}

func (a *cache) HandleInfo(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	switch msg := message.(type) {
	case Put:
		a.entries[msg.Key] = msg.Value
		a.puts++

	case Warm:
		load := a.load
		go func() {
			for _, k := range msg.Keys {
				a.entries[k] = load(k) // racy: writes confined lookalike.cache.entries
			}
			a.events <- "warmed"
		}()
	case WarmAndTell:
		// The goroutine loads, and sends what it got back to the process.
		load, self := a.load, process.Self()
		go func() {
			values := map[string]string{}
			for _, k := range msg.Keys {
				values[k] = load(k)
			}
			process.Send(self, loaded{values})
		}()
	case loaded:
		maps.Copy(a.entries, msg.values)
		a.loads += len(msg.values)
		a.events <- "loaded"

	case Audit:
		go a.audit()

	case Report:
		go func() {
			a.events <- fmt.Sprintf("%d puts", a.puts) // racy: reads confined lookalike.cache.puts
		}()
	case Snapshot:
		// A copy made in the turn: the goroutine has its own.
		entries, puts := maps.Clone(a.entries), a.puts
		go func() {
			a.events <- fmt.Sprintf("%d puts, %d entries", puts, len(entries))
		}()

	case ExpireAfter:
		time.AfterFunc(msg.D, func() {
			a.expire() // the timer's goroutine: the race starts here
			a.events <- "expired"
		})
	case ExpireSoon:
		// ergo's timer only sends the process a message.
		process.SendAfter(process.Self(), expireNow{}, msg.D)
	case expireNow:
		a.expire()
		a.events <- "expired"

	case Compute:
		// The goroutine touches only its own locals, then sends the
		// result back.
		self := process.Self()
		go func(n int) {
			sum := 0
			for i := 1; i <= n; i++ {
				sum += i
			}
			process.Send(self, Put{Key: "sum", Value: fmt.Sprint(sum)})
		}(msg.N)
	}
	return gen.ServerStatusOK
}

// audit counts the empty entries and publishes the count.
func (a *cache) audit() {
	empty := 0
	for _, v := range a.entries { // racy: calls confined (*lookalike.cache).audit
		if v == "" {
			empty++
		}
	}
	a.events <- fmt.Sprintf("%d empty", empty)
}

// expire drops every entry.
func (a *cache) expire() {
	clear(a.entries) // racy: calls confined (*lookalike.cache).expire
	a.expired++      // racy: calls confined (*lookalike.cache).expire
}
