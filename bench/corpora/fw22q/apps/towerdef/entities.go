package towerdef

import (
	"math"

	"example.com/corpus/trial-fw22q/internal/wave"
)

type enemyStats struct {
	hp, speed float64
	bounty    int
	flying    bool
}

var enemyTable = map[wave.Kind]enemyStats{
	wave.Grunt:  {hp: 40, speed: 1.0, bounty: 5},
	wave.Runner: {hp: 25, speed: 2.0, bounty: 6},
	wave.Tank:   {hp: 160, speed: 0.6, bounty: 15},
	wave.Flyer:  {hp: 30, speed: 1.4, bounty: 8, flying: true},
}

// Enemy walks the path.
type Enemy struct {
	Kind      wave.Kind
	HP, MaxHP float64
	Speed     float64
	Pos       Point
	Bounty    int
	Flying    bool
	seg       int
	slowTicks int
	walked    float64
	dead      bool
	leaked    bool
}

func newEnemy(k wave.Kind, path []Point, hpScale float64) *Enemy {
	s := enemyTable[k]
	return &Enemy{Kind: k, HP: s.hp * hpScale, MaxHP: s.hp * hpScale, Speed: s.speed, Pos: path[0], Bounty: s.bounty, Flying: s.flying}
}

// advance moves the enemy along the path; it returns true when it reached
// the end.
func (e *Enemy) advance(path []Point) bool {
	step := e.Speed
	if e.slowTicks > 0 {
		step *= 0.5
		e.slowTicks--
	}
	for step > 0 && e.seg < len(path)-1 {
		target := path[e.seg+1]
		d := e.Pos.Dist(target)
		if d <= step {
			e.Pos = target
			e.seg++
			step -= d
			e.walked += d
			continue
		}
		e.Pos.X += (target.X - e.Pos.X) / d * step
		e.Pos.Y += (target.Y - e.Pos.Y) / d * step
		e.walked += step
		step = 0
	}
	return e.seg >= len(path)-1
}

func (e *Enemy) hit(dmg float64, slow int) (killed bool) {
	if e.dead {
		return false
	}
	e.HP -= dmg
	if slow > e.slowTicks {
		e.slowTicks = slow
	}
	if e.HP <= 0 {
		e.dead = true
		return true
	}
	return false
}

// TowerKind is a tower type.
type TowerKind int

// Tower kinds.
const (
	Arrow TowerKind = iota
	Cannon
	Frost
)

type towerStats struct {
	cost           int
	rng, damage    float64
	reload         int
	splash         float64
	slow           int
	hitsFlying     bool
	projectileSpd  float64
	upgradeCostPct int
}

var towerTable = map[TowerKind]towerStats{
	Arrow:  {cost: 50, rng: 96, damage: 8, reload: 10, hitsFlying: true, projectileSpd: 6, upgradeCostPct: 80},
	Cannon: {cost: 80, rng: 80, damage: 20, reload: 30, splash: 40, projectileSpd: 4, upgradeCostPct: 90},
	Frost:  {cost: 60, rng: 72, damage: 2, reload: 15, slow: 40, hitsFlying: true, projectileSpd: 5, upgradeCostPct: 70},
}

// Cost is what building a tower of kind k costs.
func (k TowerKind) Cost() int { return towerTable[k].cost }

// Tower shoots at enemies in range.
type Tower struct {
	Kind     TowerKind
	X, Y     int
	Level    int
	Range    float64
	Damage   float64
	Reload   int
	Kills    int
	cooldown int
	angle    float64
	spent    int
}

func newTower(k TowerKind, tx, ty int) *Tower {
	s := towerTable[k]
	return &Tower{Kind: k, X: tx, Y: ty, Level: 1, Range: s.rng, Damage: s.damage, Reload: s.reload, spent: s.cost}
}

func (t *Tower) center() Point { return tileCenter(t.X, t.Y) }

func (t *Tower) upgradeCost() int {
	return t.spent * towerTable[t.Kind].upgradeCostPct / 100
}

func (t *Tower) upgrade() {
	t.spent += t.upgradeCost()
	t.Level++
	t.Damage *= 1.4
	t.Range *= 1.1
	t.Reload = max(t.Reload*9/10, 3)
}

func (t *Tower) sellValue() int { return t.spent * 3 / 4 }

// pickTarget returns the enemy in range that walked furthest.
func (t *Tower) pickTarget(enemies []*Enemy) *Enemy {
	c := t.center()
	canHitFlying := towerTable[t.Kind].hitsFlying
	var best *Enemy
	for _, e := range enemies {
		if e.dead || e.leaked || (e.Flying && !canHitFlying) {
			continue
		}
		if c.Dist(e.Pos) > t.Range {
			continue
		}
		if best == nil || e.walked > best.walked {
			best = e
		}
	}
	return best
}

// Projectile flies towards its target.
type Projectile struct {
	Pos    Point
	Target *Enemy
	Speed  float64
	Damage float64
	Splash float64
	Slow   int
	From   *Tower
	done   bool
}

func (p *Projectile) fly() (arrived bool) {
	d := p.Pos.Dist(p.Target.Pos)
	if d <= p.Speed {
		p.Pos = p.Target.Pos
		return true
	}
	p.Pos.X += (p.Target.Pos.X - p.Pos.X) / d * p.Speed
	p.Pos.Y += (p.Target.Pos.Y - p.Pos.Y) / d * p.Speed
	return false
}

func angleTo(from, to Point) float64 {
	return math.Atan2(to.Y-from.Y, to.X-from.X)
}
