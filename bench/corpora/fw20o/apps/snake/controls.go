package snake

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Controls reports player input once per frame.
type Controls interface {
	Direction() (Direction, bool)
	PausePressed() bool
	RestartPressed() bool
}

// Keyboard reads the arrow keys, WASD, P and Enter.
type Keyboard struct{}

var keyDirs = []struct {
	keys []ebiten.Key
	dir  Direction
}{
	{[]ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyW}, Up},
	{[]ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyD}, Right},
	{[]ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyS}, Down},
	{[]ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyA}, Left},
}

// Direction returns the direction key pressed this frame.
func (Keyboard) Direction() (Direction, bool) {
	for _, kd := range keyDirs {
		for _, k := range kd.keys {
			if inpututil.IsKeyJustPressed(k) {
				return kd.dir, true
			}
		}
	}
	return 0, false
}

// PausePressed reports whether P or Escape was pressed this frame.
func (Keyboard) PausePressed() bool {
	return inpututil.IsKeyJustPressed(ebiten.KeyP) || inpututil.IsKeyJustPressed(ebiten.KeyEscape)
}

// RestartPressed reports whether Enter or Space was pressed this frame.
func (Keyboard) RestartPressed() bool {
	return inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeySpace)
}
