package lookalike

// What the race test's driver (../driven) reads of the game, on the game
// goroutine (in its game's Update).

// A Probe is what the driver reads of the game.
type Probe struct {
	Scores   int
	Message  string
	Enemies  int
	Gravity  float64
	Sprites  int
	Bonus    int
	Waves    int
	TopScore int
}

// Probe reads the game.
func (g *Game) Probe() Probe {
	p := Probe{
		Scores:  len(g.highscores),
		Message: g.message,
		Enemies: len(g.world.enemies),
		Gravity: g.world.gravity,
		Sprites: len(g.sprites),
		Bonus:   g.bonus,
		Waves:   g.wave,
	}
	if len(g.highscores) > 0 {
		p.TopScore = g.highscores[0]
	}
	return p
}
