// Package quota has no loop: a Tracker belongs to the code that creates it
// and calls it, and its window rolls over on a timer it starts. A Gauge
// guards itself with a lock.
package quota

import (
	"sync"
	"time"
)

type Tracker struct {
	used   map[string]int
	denied int
	timer  *time.Timer
}

func NewTracker(window time.Duration) *Tracker {
	t := &Tracker{used: map[string]int{}}
	t.timer = time.AfterFunc(window, t.roll)
	return t
}

func (t *Tracker) Allow(account string, n int) bool {
	if t.used[account]+n > 10 {
		t.denied++
		return false
	}
	t.used[account] += n
	return true
}

func (t *Tracker) roll() {
	t.used = map[string]int{}
	t.denied = 0
}

type Gauge struct {
	mu  sync.Mutex
	sum int
}

func (g *Gauge) Add(n int) {
	g.mu.Lock()
	g.sum += n
	g.mu.Unlock()
}
