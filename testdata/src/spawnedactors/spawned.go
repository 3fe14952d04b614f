// Package spawnedactors: an actor runtime runs the turns of an actor it
// spawns on goroutines of its own, so the code that spawned it goes on
// beside them. What that code then touches of the actor, itself, after a
// helper that spawned it, or in a closure it makes and calls, it touches
// off the actor's mailbox. Look-alikes: set-up before the spawn, a field
// only construction writes, and a game loop whose Run returns when the
// game is over.
package spawnedactors

import (
	"context"
	"spawnedactors/desk"
	"spawnedactors/game"
	"sync"

	"github.com/anthdm/hollywood/actor"
)

type stock struct {
	name   string
	counts map[string]int
	moves  int
}

func (s *stock) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes spawnedactors\.stock\.counts; arg1 calls \(\*actor\.Context\)\.Message\)`
	if k, ok := c.Message().(string); ok {
		s.counts[k]++
		s.moves++
	}
}

func newStock(name string) *stock { return &stock{name: name, counts: map[string]int{}} }

// start spawns a stock and returns its PID and the stock itself.
func start(e *actor.Engine) (*actor.PID, *stock) {
	s := newStock("main")
	s.moves = 1 // set-up, before the spawn
	pid := e.Spawn(s, "stock")
	return pid, s
}

func Moves(e *actor.Engine) int { // want Moves:`summary\(\)`
	pid, s := start(e)
	e.Send(pid, "bolt")
	return s.moves // want `reads confined spawnedactors.stock.moves off the owner: this code runs via the code that started the loop \(\*spawnedactors.stock\).Receive, which goes on beside it \(spawned.go:43\)`
}

func Poll(e *actor.Engine) {
	_, s := start(e)
	eventually(func() bool {
		return s.counts["bolt"] > 0 // want `reads confined spawnedactors.stock.counts off the owner`
	})
}

func eventually(cond func() bool) {
	for !cond() {
	}
}

func Reset(e *actor.Engine) {
	s := newStock("spare")
	e.Spawn(s, "spare")
	s.moves = 0 // want `writes confined spawnedactors.stock.moves off the owner`
}

func Name(e *actor.Engine) string { // want Name:`summary\(\)`
	_, s := start(e)
	return s.name // only construction writes it
}

// Drained waits for the stock's last turn before it reads: Poison's
// context is done once the actor has stopped.
func Drained(e *actor.Engine) int { // want Drained:`summary\(\)`
	pid, s := start(e)
	e.Send(pid, "bolt")
	<-e.Poison(pid).Done()
	return s.moves
}

// Look-alike: the wait is for another actor's end.
func DrainedOther(e *actor.Engine, other *actor.PID) int { // want DrainedOther:`summary\(\)`
	_, s := start(e)
	<-e.Poison(other).Done()
	return s.moves // want `reads confined spawnedactors.stock.moves off the owner`
}

// Look-alike: the caller's context may end the wait before the actor
// stops.
func DrainedWithin(ctx context.Context, e *actor.Engine) int { // want DrainedWithin:`summary\(\)`
	pid, s := start(e)
	<-e.PoisonCtx(ctx, pid).Done()
	return s.moves // want `reads confined spawnedactors.stock.moves off the owner`
}

type board struct{ score int }

func (b *board) Update() bool { // want Update:`summary\(arg0 writes spawnedactors\.board\.score\)`
	b.score++
	return b.score < 10
}

// Play reads the score once the game is over.
func Play() int {
	b := &board{}
	game.Run(b)
	return b.score
}

// A closure made after the start but sent to the loop runs there.
//
//confined:owner
type queue struct { // want queue:`confined:owner`
	jobs chan func()
	n    int
}

//confined:loop
func (q *queue) run() { // want run:`confined:loop`
	for f := range q.jobs {
		f()
	}
}

func newQueue() *queue {
	q := &queue{jobs: make(chan func())}
	go q.run()
	return q
}

// Bump hops its write onto the queue's loop.
func Bump() {
	q := newQueue()
	q.jobs <- func() { q.n++ }
}

// spawnAny spawns the actor it is handed: its caller starts it.
func spawnAny(e *actor.Engine, r actor.Receiver) *actor.PID { return e.Spawn(r, "any") }

func Peek(e *actor.Engine) int { // want Peek:`summary\(\)`
	s := newStock("peek")
	spawnAny(e, s)
	return s.moves // want `reads confined spawnedactors.stock.moves off the owner: this code runs via the code that started the loop \(\*spawnedactors.stock\).Receive`
}

// A ledger locks for what its turns and its readers share: its spawner
// reads under that lock.
type ledger struct {
	mu    sync.Mutex
	lines []string
}

func (l *ledger) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes spawnedactors\.ledger\.lines\)`
	l.mu.Lock()
	l.lines = append(l.lines, "x")
	l.mu.Unlock()
}

func (l *ledger) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.lines)
}

func Count(e *actor.Engine) int { // want Count:`summary\(\)`
	l := &ledger{}
	e.Spawn(l, "ledger")
	return l.count()
}

// Another package's fixture holds the server it spawned: its summary says
// which field.
func SetDeskFee() {
	o := desk.Open()
	o.Desk.Fee = 2 // want `writes confined desk\.Desk\.Fee off the owner: this code runs via the code that started the loop \(\*desk\.Desk\)\.HandleInfo, which goes on beside it`
}

// A helper driving the game's frames on a goroutine of its own, as a
// test drives a game whose framework's loop its caller enters: the code
// that started it goes on beside the frames, and races at its first read
// of the score (the loop's condition), not at the read after it.
func drive(b *board) {
	go func() {
		for b.Update() {
		}
	}()
}

func Watch(patience int) int {
	b := &board{}
	drive(b)
	waited := 0
	for b.score < 5 { // want `reads confined spawnedactors\.board\.score off the owner: this code runs via the code that started the loop \(\*spawnedactors\.board\)\.Update, which goes on beside it`
		if waited++; waited > patience {
			break
		}
	}
	if b.score < 5 {
		return -1
	}
	return b.score
}
