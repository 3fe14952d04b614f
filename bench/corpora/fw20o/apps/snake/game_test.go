package snake

import (
	"testing"
	"time"

	"example.com/corpus/trial-fw20o/apps/snake/scores"
	"example.com/corpus/trial-fw20o/apps/snake/telemetry"
)

func TestSnakeEatsAndGrows(t *testing.T) {
	g, _ := newGame(t, Config{Cols: 20, Rows: 10, TicksPerMove: 2})
	head := g.snake.Head()
	g.food = Point{head.X + 1, head.Y}
	frames(t, g, 2, 0)
	if g.score != 10 || g.snake.Len() != 5 || g.snake.Head() != (Point{head.X + 1, head.Y}) {
		t.Fatalf("score=%d len=%d head=%v", g.score, g.snake.Len(), g.snake.Head())
	}
	if g.food == g.snake.Head() || g.snake.occupies(g.food) {
		t.Fatalf("food respawned on the snake: %v", g.food)
	}
}

func TestWallEndsGame(t *testing.T) {
	g, _ := newGame(t, Config{Cols: 10, Rows: 6, TicksPerMove: 1})
	g.food = Point{0, 0}
	frames(t, g, 10, 0)
	if g.state != Over {
		t.Fatalf("state = %v, head = %v", g.state, g.snake.Head())
	}
	if got := g.table.Entries(); len(got) != 1 || got[0].Length != 4 {
		t.Fatalf("table = %+v", got)
	}
}

func TestReverseIsIgnored(t *testing.T) {
	g, p := newGame(t, Config{Cols: 20, Rows: 10, TicksPerMove: 1})
	g.food = Point{0, 0}
	start := g.snake.Head()
	p.press(Left)
	frames(t, g, 1, 0)
	if g.state != Playing || g.snake.Head() != (Point{start.X + 1, start.Y}) {
		t.Fatalf("head = %v state = %v", g.snake.Head(), g.state)
	}
}

func TestSelfCollision(t *testing.T) {
	g, p := newGame(t, Config{Cols: 20, Rows: 10, TicksPerMove: 1, StartLength: 6})
	g.food = Point{0, 0}
	for _, d := range []Direction{Down, Left, Up} {
		p.press(d)
		frames(t, g, 1, 0)
	}
	if g.state != Over {
		t.Fatalf("snake survived biting itself: %v", g.snake.body)
	}
}

func TestPauseAndRestart(t *testing.T) {
	g, p := newGame(t, Config{Cols: 10, Rows: 6, TicksPerMove: 1})
	g.food = Point{0, 0}
	p.pause = true
	frames(t, g, 1, 0)
	head := g.snake.Head()
	frames(t, g, 5, 0)
	if g.state != Paused || g.snake.Head() != head {
		t.Fatalf("moved while paused")
	}
	p.pause = true
	frames(t, g, 20, 0)
	if g.state != Over {
		t.Fatalf("state = %v", g.state)
	}
	p.restart = true
	frames(t, g, 1, 0)
	if g.state != Playing || g.snake.Len() != 4 || g.score != 0 {
		t.Fatalf("restart: state=%v len=%d score=%d", g.state, g.snake.Len(), g.score)
	}
}

func TestGhostBonusWearsOffThroughEvents(t *testing.T) {
	g, _ := newGame(t, Config{Cols: 80, Rows: 20, TicksPerMove: 2, GhostFor: 5 * time.Millisecond})
	head := g.snake.Head()
	g.food = Point{0, 0}
	g.bonus = &Bonus{Pos: Point{head.X + 1, head.Y}, Kind: Ghost}
	frames(t, g, 2, 0)
	if !g.ghost || g.score != 25 {
		t.Fatalf("ghost=%v score=%d", g.ghost, g.score)
	}
	deadline := time.Now().Add(2 * time.Second)
	for g.ghost {
		if time.Now().After(deadline) {
			t.Fatal("ghost never wore off")
		}
		frames(t, g, 1, 200*time.Microsecond)
	}
}

func TestDailyChallengeArrivesThroughEvents(t *testing.T) {
	lb := &leaderboard{delay: 3 * time.Millisecond, daily: scores.Challenge{Name: "Maze Monday", Walls: [][2]int{{1, 1}, {2, 1}}}}
	g, _ := newGame(t, Config{Cols: 40, Rows: 20, TicksPerMove: 4, Scores: lb, Daily: true})
	deadline := time.Now().Add(2 * time.Second)
	for g.title != "Maze Monday" {
		if time.Now().After(deadline) {
			t.Fatal("challenge never applied")
		}
		frames(t, g, 1, 200*time.Microsecond)
	}
	if !g.board.walls[Point{1, 1}] || g.board.open(Point{2, 1}) {
		t.Fatalf("walls = %v", g.board.walls)
	}
}

func TestOverlayReadsPublishedStats(t *testing.T) {
	g, _ := newGame(t, Config{Cols: 80, Rows: 20, TicksPerMove: 4})
	rec := &telemetry.Recorder{}
	s := telemetry.Start(g.Published(), time.Millisecond, rec.Add)
	frames(t, g, 100, 200*time.Microsecond)
	s.Stop()
	samples := rec.Flush()
	if len(samples) == 0 {
		t.Fatal("no samples")
	}
	for _, smp := range samples {
		if smp.Frame > 100 || smp.Length < 4 {
			t.Fatalf("bad sample %+v", smp)
		}
	}
	if st := g.Snapshot(); st.Frame != 100 {
		t.Fatalf("snapshot = %+v", st)
	}
}

func TestSlowMoWearsOff(t *testing.T) {
	g, _ := newGame(t, Config{Cols: 80, Rows: 20, TicksPerMove: 4, SlowFor: 5 * time.Millisecond})
	head := g.snake.Head()
	g.bonus = &Bonus{Pos: Point{head.X + 1, head.Y}, Kind: SlowMo}
	frames(t, g, 4, 0)
	if g.bonus != nil || g.score != 25 {
		t.Fatalf("bonus not collected: %+v score=%d", g.bonus, g.score)
	}
	frames(t, g, 100, 500*time.Microsecond)
	if g.state != Playing || g.pace.ticksPerMove() != 4 {
		t.Fatalf("state=%v pace=%d", g.state, g.pace.ticksPerMove())
	}
}

func TestWorldRankShownAfterGameOver(t *testing.T) {
	lb := &leaderboard{delay: 3 * time.Millisecond, rank: 42}
	g, _ := newGame(t, Config{Cols: 12, Rows: 8, TicksPerMove: 1, Scores: lb, Player: "ann"})
	frames(t, g, 150, 200*time.Microsecond)
	deadline := time.Now().Add(2 * time.Second)
	for g.rankText != "World rank #42" && time.Now().Before(deadline) {
		frames(t, g, 1, 200*time.Microsecond)
	}
	if g.state != Over || g.rankText != "World rank #42" {
		t.Fatalf("state=%v rank=%q", g.state, g.rankText)
	}
	if got := lb.entries(); len(got) != 1 || got[0].Name != "ann" {
		t.Fatalf("submitted = %+v", got)
	}
}

func TestTelemetrySamplesLiveGame(t *testing.T) {
	g, _ := newGame(t, Config{Cols: 80, Rows: 20, TicksPerMove: 4})
	rec := &telemetry.Recorder{}
	s := telemetry.Start(g, time.Millisecond, rec.Add)
	frames(t, g, 100, 200*time.Microsecond)
	s.Stop()
	if len(rec.Flush()) == 0 {
		t.Fatal("no samples")
	}
}
