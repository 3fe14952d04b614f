// Package snake is the classic snake game on Ebitengine, with power-ups, an
// online leaderboard and telemetry.
package snake

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"example.com/corpus/trial-fw20o/apps/snake/scores"
	"example.com/corpus/trial-fw20o/apps/snake/telemetry"
)

// State is the phase of the game.
type State int

// Game phases.
const (
	Playing State = iota
	Paused
	Over
)

// BonusKind is the effect of a bonus item.
type BonusKind int

// Bonus kinds.
const (
	SlowMo BonusKind = iota
	Ghost
)

// Bonus is a power-up lying on the board.
type Bonus struct {
	Pos  Point
	Kind BonusKind
}

// Stats is the per-frame summary published for overlays.
type Stats struct {
	Frame  int
	Score  int
	Best   int
	Length int
	State  State
}

type event interface{}

type ghostExpired struct {
	gen int
}

type challengeLoaded struct {
	c   scores.Challenge
	err error
}

// Game implements ebiten.Game.
type Game struct {
	cfg      Config
	controls Controls
	rng      *rand.Rand
	board    *Board
	snake    *Snake
	pace     *Pace
	food     Point
	bonus    *Bonus

	state     State
	ghost     bool
	ghostGen  int
	score     int
	eaten     int
	frame     int
	acc       int
	startedAt int
	title     string

	table     *scores.Table
	shownRank int
	rankText  string

	events chan event
	stats  atomic.Pointer[Stats]
}

// New creates a game ready to play.
func New(cfg Config) *Game {
	cfg = cfg.withDefaults()
	g := &Game{
		cfg:      cfg,
		controls: cfg.Controls,
		table:    scores.NewTable(10),
		events:   make(chan event, 16),
		title:    "Snake",
	}
	g.reset()
	if cfg.Scores != nil && cfg.Daily {
		g.fetchDaily()
	}
	return g
}

func (g *Game) reset() {
	g.rng = rand.New(rand.NewPCG(g.cfg.Seed, uint64(g.cfg.Cols)))
	if g.board == nil {
		g.board = newBoard(g.cfg.Cols, g.cfg.Rows)
	}
	g.snake = newSnake(Point{g.cfg.Cols / 4, g.cfg.Rows / 2}, Right, g.cfg.StartLength)
	g.pace = newPace(g.cfg.TicksPerMove)
	g.state = Playing
	g.ghost = false
	g.bonus = nil
	g.score, g.eaten, g.acc = 0, 0, 0
	g.startedAt = g.frame
	g.table.ClearGlobalRank()
	g.shownRank, g.rankText = 0, ""
	g.food = g.freeCell()
}

func (g *Game) freeCell() Point {
	for {
		p := Point{g.rng.IntN(g.board.Cols), g.rng.IntN(g.board.Rows)}
		if g.board.open(p) && !g.snake.occupies(p) && (g.bonus == nil || g.bonus.Pos != p) {
			return p
		}
	}
}

// Update advances the game by one frame.
func (g *Game) Update() error {
	g.frame++
	g.drainEvents()

	if g.state == Over {
		if g.controls.RestartPressed() {
			g.reset()
		} else {
			g.updateRank()
		}
		g.publish()
		return nil
	}
	if g.controls.PausePressed() {
		if g.state == Paused {
			g.state = Playing
		} else {
			g.state = Paused
		}
	}
	if g.state == Playing {
		if d, ok := g.controls.Direction(); ok {
			g.snake.turn(d)
		}
		g.acc++
		if g.acc >= g.pace.ticksPerMove() {
			g.acc = 0
			g.step()
		}
	}
	g.publish()
	return nil
}

func (g *Game) drainEvents() {
	for {
		select {
		case ev := <-g.events:
			g.apply(ev)
		default:
			return
		}
	}
}

func (g *Game) apply(ev event) {
	switch e := ev.(type) {
	case ghostExpired:
		if e.gen == g.ghostGen {
			g.ghost = false
		}
	case challengeLoaded:
		if e.err == nil {
			g.applyChallenge(e.c)
		}
	}
}

func (g *Game) applyChallenge(c scores.Challenge) {
	g.title = c.Name
	for _, w := range c.Walls {
		p := Point{w[0], w[1]}
		if !g.snake.occupies(p) && p != g.food {
			g.board.walls[p] = true
		}
	}
}

func (g *Game) post(ev event) {
	select {
	case g.events <- ev:
	default:
	}
}

func (g *Game) step() {
	next := g.snake.nextHead()
	if !g.board.open(next) || (!g.ghost && g.snake.hits(next)) {
		g.gameOver()
		return
	}
	grow := next == g.food
	g.snake.advance(next, grow)
	if grow {
		g.score += 10
		g.eaten++
		if g.eaten%3 == 0 {
			g.pace.speedUp()
		}
		if g.eaten%g.cfg.BonusEvery == 0 && g.bonus == nil {
			g.bonus = &Bonus{Pos: g.freeCell(), Kind: BonusKind(g.eaten / g.cfg.BonusEvery % 2)}
		}
		g.food = g.freeCell()
	}
	if g.bonus != nil && next == g.bonus.Pos {
		g.collect(*g.bonus)
		g.bonus = nil
	}
}

func (g *Game) collect(b Bonus) {
	g.score += 25
	switch b.Kind {
	case SlowMo:
		g.pace.slow()
		time.AfterFunc(g.cfg.SlowFor, g.pace.restore)
	case Ghost:
		g.ghost = true
		g.ghostGen++
		gen := g.ghostGen
		time.AfterFunc(g.cfg.GhostFor, func() {
			g.post(ghostExpired{gen: gen})
		})
	}
}

func (g *Game) gameOver() {
	g.state = Over
	e := scores.Entry{
		Name:     g.cfg.Player,
		Score:    g.score,
		Length:   g.snake.Len(),
		Duration: time.Duration(g.frame-g.startedAt) * time.Second / 60,
		At:       time.Now(),
	}
	g.table.Record(e)
	if g.cfg.Scores != nil {
		go g.submit(e)
	}
}

func (g *Game) submit(e scores.Entry) {
	ctx, cancel := context.WithTimeout(context.Background(), g.cfg.SubmitTimeout)
	defer cancel()
	rank, err := g.cfg.Scores.Submit(ctx, e)
	if err != nil {
		return
	}
	g.table.SetGlobalRank(rank)
}

func (g *Game) fetchDaily() {
	client, timeout := g.cfg.Scores, g.cfg.SubmitTimeout
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		c, err := client.Daily(ctx)
		g.post(challengeLoaded{c: c, err: err})
	}()
}

func (g *Game) updateRank() {
	r := g.table.GlobalRank()
	if r == g.shownRank && g.rankText != "" {
		return
	}
	g.shownRank = r
	if r > 0 {
		g.rankText = fmt.Sprintf("World rank #%d", r)
	} else {
		g.rankText = "Submitting score..."
	}
}

func (g *Game) publish() {
	g.stats.Store(&Stats{
		Frame:  g.frame,
		Score:  g.score,
		Best:   g.table.Best(),
		Length: g.snake.Len(),
		State:  g.state,
	})
}

// Snapshot returns the stats published at the end of the last frame.
func (g *Game) Snapshot() Stats {
	if s := g.stats.Load(); s != nil {
		return *s
	}
	return Stats{}
}

// Sample reports the live game state to the telemetry sampler.
func (g *Game) Sample() telemetry.Sample {
	return telemetry.Sample{Frame: g.frame, Score: g.score, Length: len(g.snake.body)} // RACY
}

// Published adapts Snapshot to a telemetry source.
func (g *Game) Published() telemetry.Source {
	return telemetry.SourceFunc(func() telemetry.Sample {
		s := g.Snapshot()
		return telemetry.Sample{Frame: s.Frame, Score: s.Score, Length: s.Length}
	})
}
