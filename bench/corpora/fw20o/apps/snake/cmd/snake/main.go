// Command snake runs the snake game.
package main

import (
	"flag"
	"log"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"example.com/corpus/trial-fw20o/apps/snake"
	"example.com/corpus/trial-fw20o/apps/snake/scores"
	"example.com/corpus/trial-fw20o/apps/snake/telemetry"
)

func main() {
	leaderboard := flag.String("leaderboard", "", "leaderboard base URL")
	player := flag.String("player", os.Getenv("USER"), "player name")
	flag.Parse()

	cfg := snake.Config{Player: *player, Seed: uint64(time.Now().UnixNano())}
	if *leaderboard != "" {
		cfg.Scores = scores.HTTPClient{BaseURL: *leaderboard}
		cfg.Daily = true
	}
	g := snake.New(cfg)

	rec := &telemetry.Recorder{}
	sampler := telemetry.Start(g, time.Second, rec.Add)
	defer sampler.Stop()

	w, h := g.Layout(0, 0)
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowTitle("Snake")
	if err := ebiten.RunGame(g); err != nil {
		log.Fatal(err)
	}
}
