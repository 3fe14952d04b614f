package fanouts

import "sync"

// A loop's request case fans work out over the loop's records and waits
// for all of it, through a pool's Submit: the records' fields are read
// while the loop waits. The same fan-out from an exported method runs
// beside the loop, which keeps writing them.

//confined:owner
type Crew struct { // want Crew:`confined:owner`
	reqs    chan chan int //confined:any
	tasks   chan func()   //confined:any
	members []*Member
	rates   map[string]int
}

//confined:owner
type Member struct { // want Member:`confined:owner`
	done int
}

//confined:loop
func (c *Crew) run() { // want run:`confined:loop`
	for {
		select {
		case reply := <-c.reqs:
			reply <- c.score() + c.rated()
		case <-c.tasks:
			for _, m := range c.members {
				m.done++
			}
			c.rates["x"]++
		}
	}
}

//confined:async task
func (c *Crew) submit(task func()) { go task() }

// poolEach runs fn for each member on the pool and waits for all.
func (c *Crew) poolEach(fn func(*Member) int) int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for _, m := range c.members {
		wg.Add(1)
		c.submit(func() {
			defer wg.Done()
			n := fn(m)
			mu.Lock()
			total += n
			mu.Unlock()
		})
	}
	wg.Wait()
	return total
}

func (c *Crew) score() int { return c.poolEach(doneOf) }

func doneOf(m *Member) int {
	return m.done // want `reads confined fanouts\.Member\.done off the owner: this code runs via \(\*fanouts\.Crew\)\.poolEach \(ownerwaits\.go:67\)`
}

// Look-alike: the same fan-out from code that may run anywhere.
func (c *Crew) Score() int { return c.poolEach(doneOf) } // want Score:`summary\(arg0 calls \(\*fanouts\.Crew\)\.poolEach; started arg0\)` Score:`may block`

// The loop's fan-out looks a rate up through a method: a table of plain
// values, which the call's reads name whole.
func (c *Crew) rateOf(*Member) int { return c.rates["x"] } // want `calls confined \(\*fanouts\.Crew\)\.rateOf off the owner: this code runs via \(\*fanouts\.`

func (c *Crew) rated() int { return c.poolEach(c.rateOf) }

// Look-alike: the same lookups from code that may run anywhere.
func (c *Crew) Rated() int { return c.poolEach(c.rateOf) } // want Rated:`summary\(arg0 calls \(\*fanouts\.Crew\)\.poolEach; started arg0\)` Rated:`may block`
