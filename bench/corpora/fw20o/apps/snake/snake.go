package snake

// Snake is the player's snake, head first.
type Snake struct {
	body   []Point
	dir    Direction
	queued []Direction
}

func newSnake(head Point, dir Direction, length int) *Snake {
	s := &Snake{dir: dir}
	back := dir.opposite().delta()
	p := head
	for range length {
		s.body = append(s.body, p)
		p = p.add(back)
	}
	return s
}

// Head returns the head cell.
func (s *Snake) Head() Point {
	return s.body[0]
}

// Len returns the number of cells.
func (s *Snake) Len() int {
	return len(s.body)
}

// turn queues a direction change; reversing onto itself is ignored.
func (s *Snake) turn(d Direction) {
	last := s.dir
	if n := len(s.queued); n > 0 {
		last = s.queued[n-1]
	}
	if d == last || d == last.opposite() || len(s.queued) >= 2 {
		return
	}
	s.queued = append(s.queued, d)
}

func (s *Snake) nextHead() Point {
	if len(s.queued) > 0 {
		s.dir = s.queued[0]
		s.queued = s.queued[1:]
	}
	return s.Head().add(s.dir.delta())
}

// hits reports whether p is on the body, ignoring the tail cell that moves
// away this step.
func (s *Snake) hits(p Point) bool {
	for _, c := range s.body[:len(s.body)-1] {
		if c == p {
			return true
		}
	}
	return false
}

func (s *Snake) occupies(p Point) bool {
	for _, c := range s.body {
		if c == p {
			return true
		}
	}
	return false
}

func (s *Snake) advance(head Point, grow bool) {
	if grow {
		s.body = append(s.body, Point{})
	}
	copy(s.body[1:], s.body[:len(s.body)-1])
	s.body[0] = head
}
