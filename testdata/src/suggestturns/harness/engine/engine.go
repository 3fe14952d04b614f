// Package engine: a game loop whose turns own the games.
package engine

type Game interface {
	//confined:loop
	Update() error // want Update:`confined:loop`
}

// RunGame calls g.Update until it returns an error.
func RunGame(g Game) error {
	for {
		if err := g.Update(); err != nil {
			return err
		}
	}
}
