package snake

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

var (
	colBackground = color.RGBA{0x14, 0x18, 0x1f, 0xff}
	colWall       = color.RGBA{0x55, 0x5b, 0x66, 0xff}
	colSnake      = color.RGBA{0x6c, 0xc0, 0x4a, 0xff}
	colGhost      = color.RGBA{0x9a, 0xd6, 0xf0, 0xa0}
	colHead       = color.RGBA{0xa8, 0xe0, 0x7a, 0xff}
	colFood       = color.RGBA{0xe0, 0x4a, 0x3c, 0xff}
	colSlow       = color.RGBA{0x4a, 0x8c, 0xe0, 0xff}
	colBonusGhost = color.RGBA{0xf0, 0xf0, 0xf0, 0xff}
)

// Draw renders the board and the HUD.
func (g *Game) Draw(screen *ebiten.Image) {
	screen.Fill(colBackground)
	for w := range g.board.walls {
		g.fillCell(screen, w, colWall)
	}
	g.fillCell(screen, g.food, colFood)
	if g.bonus != nil {
		c := colSlow
		if g.bonus.Kind == Ghost {
			c = colBonusGhost
		}
		g.fillCell(screen, g.bonus.Pos, c)
	}
	body := colSnake
	if g.ghost {
		body = colGhost
	}
	for i, p := range g.snake.body {
		if i == 0 {
			g.fillCell(screen, p, colHead)
			continue
		}
		g.fillCell(screen, p, body)
	}

	hud := fmt.Sprintf("%s  score %d  best %d", g.title, g.score, g.table.Best())
	switch g.state {
	case Paused:
		hud += "  [paused]"
	case Over:
		hud += "  GAME OVER - press Enter"
		if g.rankText != "" {
			hud += "\n" + g.rankText
		}
	}
	ebitenutil.DebugPrintAt(screen, hud, 4, 2)
}

func (g *Game) fillCell(screen *ebiten.Image, p Point, c color.Color) {
	cs := float32(g.cfg.Cell)
	vector.DrawFilledRect(screen, float32(p.X)*cs+1, float32(p.Y)*cs+1, cs-2, cs-2, c, false)
}

// Layout returns the logical screen size.
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	return g.cfg.Cols * g.cfg.Cell, g.cfg.Rows * g.cfg.Cell
}
