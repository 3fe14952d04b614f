package snake

// Pace controls how many frames pass between two snake moves.
type Pace struct {
	base    int
	current int
}

func newPace(ticks int) *Pace {
	return &Pace{base: ticks, current: ticks}
}

func (p *Pace) ticksPerMove() int {
	return p.current
}

// speedUp shortens the move interval as the snake grows, down to 2 frames.
func (p *Pace) speedUp() {
	if p.base > 2 {
		p.base--
	}
	if p.current > p.base {
		p.current = p.base
	}
}

func (p *Pace) slow() {
	p.current = p.base * 2
}

func (p *Pace) restore() {
	p.current = p.base // RACY
}
