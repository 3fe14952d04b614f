package snake

// Point is a cell on the board.
type Point struct {
	X, Y int
}

// Direction is where the snake is heading.
type Direction int

// Directions.
const (
	Up Direction = iota
	Right
	Down
	Left
)

func (d Direction) delta() Point {
	switch d {
	case Up:
		return Point{0, -1}
	case Right:
		return Point{1, 0}
	case Down:
		return Point{0, 1}
	default:
		return Point{-1, 0}
	}
}

func (d Direction) opposite() Direction {
	return (d + 2) % 4
}

func (p Point) add(q Point) Point {
	return Point{p.X + q.X, p.Y + q.Y}
}

// Board is the playing field.
type Board struct {
	Cols, Rows int
	walls      map[Point]bool
}

func newBoard(cols, rows int) *Board {
	return &Board{Cols: cols, Rows: rows, walls: make(map[Point]bool)}
}

func (b *Board) open(p Point) bool {
	return p.X >= 0 && p.Y >= 0 && p.X < b.Cols && p.Y < b.Rows && !b.walls[p]
}
