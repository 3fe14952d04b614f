package towerdef

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Input abstracts mouse and keyboard so the game can be driven without a
// window.
type Input interface {
	Cursor() (x, y int)
	Clicked() bool
	RightClicked() bool
	Pressed(k ebiten.Key) bool
}

type ebitenInput struct{}

func (ebitenInput) Cursor() (int, int) { return ebiten.CursorPosition() }
func (ebitenInput) Clicked() bool {
	return inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
}
func (ebitenInput) RightClicked() bool {
	return inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight)
}
func (ebitenInput) Pressed(k ebiten.Key) bool { return inpututil.IsKeyJustPressed(k) }

func (g *Game) handleInput() {
	in := g.opts.Input
	x, y := in.Cursor()
	g.hoverX, g.hoverY = x/TileSize, y/TileSize
	switch {
	case in.Pressed(ebiten.Key1):
		g.build = Arrow
	case in.Pressed(ebiten.Key2):
		g.build = Cannon
	case in.Pressed(ebiten.Key3):
		g.build = Frost
	case in.Pressed(ebiten.KeyN):
		g.CallWave()
	case in.Pressed(ebiten.KeyP):
		g.togglePause()
	case in.Pressed(ebiten.KeyF):
		g.speed = g.speed%3 + 1
	}
	if in.Clicked() {
		var err error
		if g.towerAt(g.hoverX, g.hoverY) != nil {
			err = g.Upgrade(g.hoverX, g.hoverY)
		} else {
			err = g.Build(g.build, g.hoverX, g.hoverY)
		}
		if err != nil {
			g.say(err.Error())
		}
	}
	if in.RightClicked() {
		if err := g.Sell(g.hoverX, g.hoverY); err != nil {
			g.say(err.Error())
		}
	}
}
