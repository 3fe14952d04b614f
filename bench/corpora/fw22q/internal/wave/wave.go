// Package wave composes enemy waves for the tower defense game and feeds
// them out one spawn at a time.
package wave

import (
	"fmt"
	"math/rand/v2"
)

// Kind is an enemy type.
type Kind int

// Enemy kinds.
const (
	Grunt Kind = iota
	Runner
	Tank
	Flyer
)

func (k Kind) String() string {
	switch k {
	case Grunt:
		return "grunt"
	case Runner:
		return "runner"
	case Tank:
		return "tank"
	case Flyer:
		return "flyer"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Spawn is one enemy entering the map Delay ticks after the previous one.
type Spawn struct {
	Kind  Kind
	Delay int
}

// Wave is a numbered group of spawns.
type Wave struct {
	N      int
	Spawns []Spawn
	Bounty int
}

// Generate builds wave n. The same n and seed always give the same wave.
func Generate(n int, seed uint64) Wave {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	w := Wave{N: n, Bounty: 20 + 5*n}
	count := 4 + 2*n
	for i := 0; i < count; i++ {
		k := Grunt
		switch roll := r.IntN(100); {
		case n >= 4 && roll < 10:
			k = Tank
		case n >= 3 && roll < 25:
			k = Flyer
		case n >= 2 && roll < 45:
			k = Runner
		}
		delay := 30 - min(2*n, 20) + r.IntN(10)
		if i == 0 {
			delay = 0
		}
		w.Spawns = append(w.Spawns, Spawn{Kind: k, Delay: delay})
	}
	return w
}

// Spawner releases the spawns of the current wave as game ticks pass.
type Spawner struct {
	wave     int
	queue    []Spawn
	next     int
	cooldown int
}

// Load replaces the current wave.
func (s *Spawner) Load(w Wave) {
	*s = Spawner{wave: w.N, queue: w.Spawns, cooldown: firstDelay(w)} // RACY
}

func firstDelay(w Wave) int {
	if len(w.Spawns) == 0 {
		return 0
	}
	return w.Spawns[0].Delay
}

// Wave is the number of the loaded wave, 0 before the first.
func (s *Spawner) Wave() int { return s.wave }

// Active reports whether spawns are still to come.
func (s *Spawner) Active() bool { return s.next < len(s.queue) }

// Tick advances one game tick and returns the kind to spawn, if any.
func (s *Spawner) Tick() (Kind, bool) {
	if s.next >= len(s.queue) {
		return 0, false
	}
	if s.cooldown > 0 {
		s.cooldown--
		return 0, false
	}
	k := s.queue[s.next].Kind
	s.next++
	if s.next < len(s.queue) {
		s.cooldown = s.queue[s.next].Delay
	}
	return k, true
}

// Remaining is how many spawns are left.
func (s *Spawner) Remaining() int { return len(s.queue) - s.next }
