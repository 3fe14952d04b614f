// Package lookalike is a hollywood actor as its author would write it, with
// no confinecheck annotation at all: racy shapes (each marked "// racy:"
// with a fragment of the finding) and the safe shapes that look like them
// (unmarked). The built-in hollywood pack alone must make the checker report
// exactly the marked lines (../checker_test.go); ../race_test.go makes the
// race detector catch each marked line, and run the safe shapes clean.
package lookalike

import (
	"fmt"
	"maps"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// The messages the cache takes. Get, GetStats and Slow are requests: the
// cache responds to their sender.
type (
	Put         struct{ Key, Value string }
	Get         struct{ Key string }    // answered with the value, a string
	GetStats    struct{}                // answered with Stats
	Warm        struct{ Keys []string } // loads the keys in the background
	WarmAndTell struct{ Keys []string } // the same, done right
	Audit       struct{}                // counts the empty entries in the background
	Report      struct{}                // publishes the number of puts
	Snapshot    struct{}                // publishes the entries
	ExpireAfter struct{ D time.Duration }
	ExpireSoon  struct{ D time.Duration } // the same, done right
	Slow        struct {                  // answered with the value after D
		Key string
		D   time.Duration
	}
	Compute struct{ N int } // sums 1..N in the background and stores it under "sum"
)

// Stats is the answer to GetStats.
type Stats struct{ Size, Puts, Loads, Expiries int }

// A Loader fetches a key's value from a slow store.
type Loader func(key string) string

// loaded carries what a background load fetched back to the actor.
type loaded struct{ values map[string]string }

// expireNow tells the cache that an ExpireSoon's delay has passed.
type expireNow struct{}

// Producer returns the producer of a cache actor that loads through load
// and publishes what it does on events.
func Producer(load Loader, events chan<- string) actor.Producer {
	return func() actor.Receiver {
		return &cache{load: load, events: events, entries: map[string]string{}}
	}
}

type cache struct {
	load    Loader
	events  chan<- string
	entries map[string]string
	puts    int
	loads   int
	expired int
}

func (a *cache) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case Put:
		a.entries[msg.Key] = msg.Value
		a.puts++
	case Get:
		c.Respond(a.entries[msg.Key])
	case GetStats:
		c.Respond(Stats{Size: len(a.entries), Puts: a.puts, Loads: a.loads, Expiries: a.expired})

	case Warm:
		load := a.load
		go func() {
			for _, k := range msg.Keys {
				a.entries[k] = load(k) // racy: writes confined lookalike.cache.entries
			}
			a.events <- "warmed"
		}()
	case WarmAndTell:
		// The goroutine loads, and sends what it got back to the actor.
		load, self, engine := a.load, c.PID(), c.Engine()
		go func() {
			values := map[string]string{}
			for _, k := range msg.Keys {
				values[k] = load(k)
			}
			engine.Send(self, loaded{values})
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
		// The timer only sends the actor a message.
		time.AfterFunc(msg.D, func() { c.Send(c.PID(), expireNow{}) })
	case expireNow:
		a.expire()
		a.events <- "expired"

	case Slow:
		v := a.entries[msg.Key]
		time.AfterFunc(msg.D, func() {
			c.Respond(v) // racy: calls confined (*actor.Context).Respond
		})

	case Compute:
		// The goroutine touches only its own locals, then sends the
		// result back.
		self, engine := c.PID(), c.Engine()
		go func(n int) {
			sum := 0
			for i := 1; i <= n; i++ {
				sum += i
			}
			engine.Send(self, Put{Key: "sum", Value: fmt.Sprint(sum)})
		}(msg.N)
	}
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
