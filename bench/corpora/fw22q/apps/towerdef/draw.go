package towerdef

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"example.com/corpus/trial-fw22q/internal/wave"
)

var (
	colGround = color.RGBA{0x5a, 0x8f, 0x3c, 0xff}
	colPath   = color.RGBA{0xc2, 0xa3, 0x6b, 0xff}
	colRock   = color.RGBA{0x6b, 0x6b, 0x6b, 0xff}
	colHover  = color.RGBA{0xff, 0xff, 0xff, 0x40}
	colRange  = color.RGBA{0xff, 0xff, 0xff, 0x20}
	colHPBack = color.RGBA{0x40, 0x00, 0x00, 0xff}
	colHP     = color.RGBA{0x20, 0xe0, 0x20, 0xff}
	colShot   = color.RGBA{0xff, 0xf0, 0x80, 0xff}

	towerColors = map[TowerKind]color.RGBA{
		Arrow:  {0x8b, 0x5a, 0x2b, 0xff},
		Cannon: {0x30, 0x30, 0x30, 0xff},
		Frost:  {0x7f, 0xd4, 0xff, 0xff},
	}
	enemyColors = map[wave.Kind]color.RGBA{
		wave.Grunt:  {0xb0, 0x30, 0x30, 0xff},
		wave.Runner: {0xe0, 0x80, 0x20, 0xff},
		wave.Tank:   {0x60, 0x20, 0x60, 0xff},
		wave.Flyer:  {0xe0, 0xe0, 0xe0, 0xff},
	}
)

// Layout implements ebiten.Game.
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	return g.level.W * TileSize, g.level.H*TileSize + 24
}

// Draw implements ebiten.Game.
func (g *Game) Draw(screen *ebiten.Image) {
	_, showRanges := g.settings.snapshot()
	g.drawMap(screen)
	for _, t := range g.towers {
		c := t.center()
		if showRanges && t.X == g.hoverX && t.Y == g.hoverY {
			vector.DrawFilledCircle(screen, float32(c.X), float32(c.Y), float32(t.Range), colRange, true)
		}
		vector.DrawFilledRect(screen, float32(c.X-10), float32(c.Y-10), 20, 20, towerColors[t.Kind], false)
		for i := 1; i < t.Level; i++ {
			vector.DrawFilledRect(screen, float32(c.X-10)+float32(i-1)*6, float32(c.Y+12), 4, 3, colShot, false)
		}
	}
	for _, e := range g.enemies {
		r := float32(7)
		if e.Kind == wave.Tank {
			r = 10
		}
		vector.DrawFilledCircle(screen, float32(e.Pos.X), float32(e.Pos.Y), r, enemyColors[e.Kind], true)
		w := float32(16 * e.HP / e.MaxHP)
		vector.DrawFilledRect(screen, float32(e.Pos.X-8), float32(e.Pos.Y)-r-5, 16, 3, colHPBack, false)
		vector.DrawFilledRect(screen, float32(e.Pos.X-8), float32(e.Pos.Y)-r-5, w, 3, colHP, false)
	}
	for _, p := range g.shots {
		vector.DrawFilledCircle(screen, float32(p.Pos.X), float32(p.Pos.Y), 2.5, colShot, true)
	}
	hud := g.Status()
	if g.messageTicks > 0 {
		hud += "   " + g.message
	}
	ebitenutil.DebugPrintAt(screen, hud, 4, g.level.H*TileSize+4)
	if g.paused {
		ebitenutil.DebugPrintAt(screen, "PAUSED", g.level.W*TileSize/2-20, g.level.H*TileSize/2)
	}
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("x%d", g.speed), g.level.W*TileSize-24, g.level.H*TileSize+4)
}

func (g *Game) drawMap(screen *ebiten.Image) {
	for ty := 0; ty < g.level.H; ty++ {
		for tx := 0; tx < g.level.W; tx++ {
			col := colGround
			switch c := g.level.at(tx, ty); {
			case c == '#':
				col = colRock
			case c == '=' || (c >= '0' && c <= '9'):
				col = colPath
			}
			vector.DrawFilledRect(screen, float32(tx*TileSize), float32(ty*TileSize), TileSize, TileSize, col, false)
		}
	}
	if g.level.Buildable(g.hoverX, g.hoverY) {
		vector.DrawFilledRect(screen, float32(g.hoverX*TileSize), float32(g.hoverY*TileSize), TileSize, TileSize, colHover, false)
	}
}
