package towerdef

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

func TestBuildUpgradeSell(t *testing.T) {
	g, in := newTestGame(t, Options{StartGold: 200})
	if err := g.Build(Arrow, 5, 0); err == nil {
		t.Error("built on the path")
	}
	in.keys[ebiten.Key2] = true
	in.clickTile(2, 1)
	run(t, g, 1, 0)
	if len(g.towers) != 1 || g.towers[0].Kind != Cannon || g.gold != 120 {
		t.Fatalf("towers = %+v, gold = %d", g.towers, g.gold)
	}
	in.clickTile(2, 1)
	run(t, g, 1, 0)
	if g.towers[0].Level != 2 || g.gold != 48 {
		t.Fatalf("after upgrade: level %d, gold %d", g.towers[0].Level, g.gold)
	}
	if err := g.Build(Arrow, 3, 1); err == nil || !strings.Contains(err.Error(), "need 50 gold") {
		t.Errorf("err = %v", err)
	}
	in.x, in.y, in.right = 2*TileSize+1, 1*TileSize+1, true
	run(t, g, 1, 0)
	if len(g.towers) != 0 || g.gold != 48+114 || !g.level.Buildable(2, 1) {
		t.Errorf("after sell: towers %d, gold %d", len(g.towers), g.gold)
	}
}

func TestCompanionBuildsAndTunesSettings(t *testing.T) {
	g, _ := newTestGame(t, Options{StartGold: 200})
	cmds := make(chan Command, 8)
	done := g.ServeCompanion(cmds)
	cmds <- Command{Op: "build", Kind: Frost, X: 2, Y: 1}
	cmds <- Command{Op: "volume", Volume: 1.7}
	cmds <- Command{Op: "ranges", On: false}
	cmds <- Command{Op: "wave"}
	cmds <- Command{Op: "build", Kind: Arrow, X: 0, Y: 0}
	close(cmds)
	<-done
	run(t, g, 20, 0)

	if len(g.towers) != 1 || g.towers[0].Kind != Frost {
		t.Fatalf("towers = %+v", g.towers)
	}
	if g.waveN != 1 || g.gold != 200-Frost.Cost() {
		t.Errorf("wave %d, gold %d", g.waveN, g.gold)
	}
	if v, ranges := g.settings.snapshot(); v != 1 || ranges {
		t.Errorf("volume %v, ranges %v", v, ranges)
	}
}

func TestPauseSavesSnapshot(t *testing.T) {
	var out lockedBuffer
	saver := NewJSONSaver(&out)
	g, in := newTestGame(t, Options{Saver: saver})
	if err := g.Build(Arrow, 2, 1); err != nil {
		t.Fatal(err)
	}
	g.CallWave()
	run(t, g, 30, 0)
	in.keys[ebiten.KeyP] = true
	run(t, g, 1, 0)
	ticks := g.stats.Ticks
	run(t, g, 10, 0)
	g.Wait()
	if !g.paused || g.stats.Ticks != ticks {
		t.Errorf("paused %v, ticks %d -> %d", g.paused, ticks, g.stats.Ticks)
	}
	if saver.Saves() != 1 || !strings.Contains(out.String(), `"Towers":[{"Kind":0,"X":2,"Y":1`) {
		t.Errorf("saves %d: %s", saver.Saves(), out.String())
	}
}

func TestGameOverSubmitsScore(t *testing.T) {
	board := &MemoryBoard{}
	g, in := newTestGame(t, Options{StartLives: 1, Leaderboard: board, Player: "ana"})
	g.CallWave()
	in.keys[ebiten.KeyF] = true
	run(t, g, 1, 0)
	in.keys[ebiten.KeyF] = true
	run(t, g, 1, 0)
	if g.speed != 3 {
		t.Fatalf("speed = %d", g.speed)
	}
	for i := 0; i < 1000 && g.phase != lost; i++ {
		run(t, g, 1, 0)
	}
	g.Wait()
	cards := board.Cards()
	if g.phase != lost || len(cards) != 1 || cards[0].Player != "ana" || cards[0].Won || cards[0].Stats.Leaks != 1 {
		t.Fatalf("phase %v, cards %+v", g.phase, cards)
	}
}

func TestTickCounterReadFromOverlay(t *testing.T) {
	g, _ := newTestGame(t, Options{})
	g.CallWave()
	var wg sync.WaitGroup
	var seen int64
	wg.Go(func() {
		for range 20 {
			seen = max(seen, g.Ticks())
			time.Sleep(time.Millisecond)
		}
	})
	run(t, g, 30, time.Millisecond)
	wg.Wait()
	if seen == 0 || g.Ticks() != 30 {
		t.Errorf("seen %d, ticks %d", seen, g.Ticks())
	}
}

func TestWavesStartAfterBreak(t *testing.T) {
	g, _ := newTestGame(t, Options{WaveBreak: 5 * time.Millisecond, Waves: 2, Seed: 1})
	if err := g.Build(Arrow, 2, 1); err != nil {
		t.Fatal(err)
	}
	g.Start()
	run(t, g, 60, time.Millisecond)
	if g.waveN != 1 || g.phase != playing {
		t.Errorf("wave %d, phase %v", g.waveN, g.phase)
	}
	if g.stats.Shots == 0 {
		t.Error("tower never fired")
	}
}

func TestAutosaveWhileFighting(t *testing.T) {
	saver := NewJSONSaver(&lockedBuffer{})
	g, _ := newTestGame(t, Options{AutosaveTicks: 10, Saver: saver})
	if err := g.Build(Arrow, 1, 1); err != nil {
		t.Fatal(err)
	}
	g.CallWave()
	run(t, g, 60, time.Millisecond)
	g.Wait()
	if saver.Saves() != 6 {
		t.Errorf("saves = %d", saver.Saves())
	}
}

func TestCompanionChangesSpeed(t *testing.T) {
	g, _ := newTestGame(t, Options{})
	cmds := make(chan Command, 4)
	done := g.ServeCompanion(cmds)
	g.CallWave()
	cmds <- Command{Op: "build", Kind: Arrow, X: 2, Y: 1}
	run(t, g, 15, time.Millisecond)
	cmds <- Command{Op: "speed", Speed: 3}
	run(t, g, 30, time.Millisecond)
	close(cmds)
	<-done
	if g.speed != 3 || len(g.towers) != 1 {
		t.Errorf("speed %d, towers %d", g.speed, len(g.towers))
	}
}
