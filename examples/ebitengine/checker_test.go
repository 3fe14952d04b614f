package ebitengine_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// gameFile is the file of ./buggy the findings are in.
const gameFile = "buggy/game.go"

// TestCheckerFindsTheBug runs confinecheck on ./buggy with no -declare:
// exit status 3 and the findings of the go statement and the retry timer
// that run methods of the game off Ebitengine's game loop. The game carries
// no directive: the built-in pack's "loop ebiten.Game.Update" (and Draw,
// Layout) confines it.
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings := example.CheckBug(t, "./buggy")
	// Each at a write of the method called, the line the race detector
	// names; the message names the go statement or the timer.
	// Each line loadLevel writes the game at is a finding of its own.
	var goLines []int
	for _, write := range []string{"g.world = lvl", "g.x = 0", "g.loading = false"} {
		line := examplecheck.LineOf(t, gameFile, write)
		examplecheck.ExpectFinding(t, findings, gameFile, line, "the goroutine calls loadLevel, which writes the game",
			"calls confined (*buggy.Game).loadLevel off the owner", "go statement")
		goLines = append(goLines, line)
	}
	// The retry timer's autosave reads the score Update increments, and
	// counts the saves: a finding at each line.
	readLine := examplecheck.LineOf(t, gameFile, "g.save(g.score)")
	examplecheck.ExpectFinding(t, findings, gameFile, readLine, "the retry timer calls autosave, which reads the score",
		"calls confined (*buggy.Game).autosave off the owner", "time.AfterFunc", "reads buggy.Game.score")
	timerLine := examplecheck.LineOf(t, gameFile, "g.saves++")
	examplecheck.ExpectFinding(t, findings, gameFile, timerLine, "the retry timer calls autosave, which counts the saves",
		"calls confined (*buggy.Game).autosave off the owner", "time.AfterFunc", "writes buggy.Game.saves")
	examplecheck.ExpectOnly(t, findings, gameFile, append(goLines, readLine, timerLine)...)
}

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck). The fix it checks: the fixed goroutine and timer
// only send on the game's channels, which Update drains.
func TestCommon(t *testing.T) {
	t.Parallel()
	example.RunCommon(t)
}

// TestFixHidesNothing: confinecheck -fix on copies of the buggy and
// look-alike apps leaves them building, and every racy line reported or
// moved into a hop; what may block (the level loads and the saves, and the methods that call them) stays where it was.
func TestFixHidesNothing(t *testing.T) {
	t.Parallel()
	example.ExpectFixHidesNothing(t, []string{"g.load(", "g.save(", "g.loadLevel(", "g.autosave("}, "buggy", "lookalike")
}
