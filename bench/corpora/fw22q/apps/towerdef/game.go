package towerdef

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"example.com/corpus/trial-fw22q/internal/wave"
)

type phase int

const (
	waiting phase = iota
	playing
	between
	won
	lost
)

// Options configure a game.
type Options struct {
	Waves         int
	Seed          uint64
	StartGold     int
	StartLives    int
	WaveBreak     time.Duration // 0: waves start only when called
	AutosaveTicks int           // 0: no autosave
	Player        string
	Input         Input
	Saver         Saver
	Leaderboard   Leaderboard
}

// Game implements ebiten.Game.
type Game struct {
	opts  Options
	level *Level

	enemies []*Enemy
	towers  []*Tower
	shots   []*Projectile
	spawner wave.Spawner
	waveN   int
	phase   phase
	gold    int
	lives   int
	speed   int
	stats   Stats
	paused  bool

	hoverX, hoverY int
	build          TowerKind
	message        string
	messageTicks   int
	breakTimer     *time.Timer

	remote   chan Command
	settings *Settings
	ticks    atomic.Int64
	jobs     sync.WaitGroup
}

var _ ebiten.Game = (*Game)(nil)

// NewGame creates a game on the given level.
func NewGame(level *Level, opts Options) *Game {
	if opts.Waves <= 0 {
		opts.Waves = 10
	}
	if opts.StartGold == 0 {
		opts.StartGold = 150
	}
	if opts.StartLives == 0 {
		opts.StartLives = 20
	}
	if opts.Input == nil {
		opts.Input = ebitenInput{}
	}
	if opts.Saver == nil {
		opts.Saver = discardSaver{}
	}
	if opts.Leaderboard == nil {
		opts.Leaderboard = discardBoard{}
	}
	if opts.Player == "" {
		opts.Player = "player"
	}
	return &Game{
		opts:     opts,
		level:    level,
		gold:     opts.StartGold,
		lives:    opts.StartLives,
		speed:    1,
		remote:   make(chan Command, 16),
		settings: &Settings{Volume: 0.8, ShowRanges: true},
	}
}

// Start begins the countdown to the first wave.
func (g *Game) Start() {
	g.phase = between
	g.scheduleNextWave()
}

// Wait blocks until background saves and uploads are done.
func (g *Game) Wait() { g.jobs.Wait() }

// Close stops timers and waits for background work.
func (g *Game) Close() {
	if g.breakTimer != nil {
		g.breakTimer.Stop()
	}
	g.jobs.Wait()
}

// Update implements ebiten.Game.
func (g *Game) Update() error {
	g.ticks.Add(1)
	g.drainRemote()
	g.handleInput()
	if g.paused || g.phase == won || g.phase == lost {
		return nil
	}
	for range g.speed {
		g.step()
	}
	return nil
}

func (g *Game) step() {
	g.stats.Ticks++
	if g.phase == between && g.spawner.Wave() > g.waveN {
		g.waveN = g.spawner.Wave()
		g.phase = playing
		g.say(fmt.Sprintf("Wave %d", g.waveN))
	}
	if k, ok := g.spawner.Tick(); ok {
		g.enemies = append(g.enemies, newEnemy(k, g.level.Path, g.hpScale()))
	}
	g.moveEnemies()
	g.fireTowers()
	g.moveShots()
	g.reap()
	g.checkWave()
	if g.opts.AutosaveTicks > 0 && g.stats.Ticks%g.opts.AutosaveTicks == 0 {
		g.autosave()
	}
	if g.messageTicks > 0 {
		g.messageTicks--
	}
}

func (g *Game) hpScale() float64 { return 1 + 0.15*float64(g.waveN-1) }

func (g *Game) say(msg string) {
	g.message, g.messageTicks = msg, 120
}

func (g *Game) moveEnemies() {
	for _, e := range g.enemies {
		if e.dead || e.leaked {
			continue
		}
		if e.advance(g.level.Path) {
			e.leaked = true
			g.lives--
			g.stats.Leaks++
		}
	}
	if g.lives <= 0 && g.phase != lost {
		g.lives = 0
		g.phase = lost
		g.say("Game over")
		g.submitScore()
	}
}

func (g *Game) fireTowers() {
	for _, t := range g.towers {
		if t.cooldown > 0 {
			t.cooldown--
			continue
		}
		target := t.pickTarget(g.enemies)
		if target == nil {
			continue
		}
		s := towerTable[t.Kind]
		c := t.center()
		t.angle = angleTo(c, target.Pos)
		t.cooldown = t.Reload
		g.stats.Shots++
		g.shots = append(g.shots, &Projectile{Pos: c, Target: target, Speed: s.projectileSpd, Damage: t.Damage, Splash: s.splash, Slow: s.slow, From: t})
	}
}

func (g *Game) moveShots() {
	for _, p := range g.shots {
		if p.Target.dead || p.Target.leaked {
			p.done = true
			continue
		}
		if !p.fly() {
			continue
		}
		p.done = true
		g.stats.Hits++
		if p.Splash > 0 {
			for _, e := range g.enemies {
				if !e.Flying && e.Pos.Dist(p.Pos) <= p.Splash {
					g.damage(p, e)
				}
			}
		} else {
			g.damage(p, p.Target)
		}
	}
}

func (g *Game) damage(p *Projectile, e *Enemy) {
	if e.hit(p.Damage, p.Slow) {
		g.gold += e.Bounty
		g.stats.Kills++
		p.From.Kills++
	}
}

func (g *Game) reap() {
	g.enemies = slices.DeleteFunc(g.enemies, func(e *Enemy) bool { return e.dead || e.leaked })
	g.shots = slices.DeleteFunc(g.shots, func(p *Projectile) bool { return p.done })
}

func (g *Game) checkWave() {
	if g.phase != playing || g.spawner.Active() || len(g.enemies) > 0 {
		return
	}
	g.gold += 20 + 5*g.waveN
	g.stats.WavesCleared++
	if g.waveN >= g.opts.Waves {
		g.phase = won
		g.say("Victory!")
		g.submitScore()
		return
	}
	g.phase = between
	g.scheduleNextWave()
}

func (g *Game) scheduleNextWave() {
	if g.opts.WaveBreak <= 0 {
		return
	}
	next := wave.Generate(g.waveN+1, g.opts.Seed)
	g.breakTimer = time.AfterFunc(g.opts.WaveBreak, func() {
		g.spawner.Load(next)
	})
}

// CallWave starts the next wave right away, for a small gold bonus.
func (g *Game) CallWave() {
	if g.phase != between && g.phase != waiting {
		return
	}
	if g.breakTimer != nil && g.breakTimer.Stop() {
		g.gold += 10
	}
	g.phase = between
	g.spawner.Load(wave.Generate(g.waveN+1, g.opts.Seed))
}

// Build places a tower of kind k on tile (tx, ty).
func (g *Game) Build(k TowerKind, tx, ty int) error {
	cost := k.Cost()
	switch {
	case !g.level.Buildable(tx, ty):
		return fmt.Errorf("towerdef: cannot build on %d,%d", tx, ty)
	case g.gold < cost:
		return fmt.Errorf("towerdef: need %d gold, have %d", cost, g.gold)
	}
	g.gold -= cost
	g.level.occupied[[2]int{tx, ty}] = true
	g.towers = append(g.towers, newTower(k, tx, ty))
	return nil
}

func (g *Game) towerAt(tx, ty int) *Tower {
	for _, t := range g.towers {
		if t.X == tx && t.Y == ty {
			return t
		}
	}
	return nil
}

// Upgrade improves the tower on (tx, ty).
func (g *Game) Upgrade(tx, ty int) error {
	t := g.towerAt(tx, ty)
	if t == nil {
		return fmt.Errorf("towerdef: no tower on %d,%d", tx, ty)
	}
	if c := t.upgradeCost(); g.gold < c {
		return fmt.Errorf("towerdef: need %d gold, have %d", c, g.gold)
	}
	g.gold -= t.upgradeCost()
	t.upgrade()
	return nil
}

// Sell removes the tower on (tx, ty) for part of its cost.
func (g *Game) Sell(tx, ty int) error {
	t := g.towerAt(tx, ty)
	if t == nil {
		return fmt.Errorf("towerdef: no tower on %d,%d", tx, ty)
	}
	g.gold += t.sellValue()
	delete(g.level.occupied, [2]int{tx, ty})
	g.towers = slices.DeleteFunc(g.towers, func(x *Tower) bool { return x == t })
	for _, p := range g.shots {
		if p.From == t {
			p.done = true
		}
	}
	return nil
}
