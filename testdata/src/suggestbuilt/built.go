// Package suggestbuilt: a helper the constructor calls on the value it
// made builds the value too; what it writes does not keep the loop from
// being the main writer. Look-alike: the same helper also run again by an
// exported method.
package suggestbuilt

// A Board is built by a helper its constructor calls on the value it
// made: what the helper writes is set-up, as what the constructor writes
// is, and the loop is the main writer of the rest.
type Board struct { // want `suggest for suggestbuilt\.Board: //confined:owner @board: code on the owner \(func literal in \(\*suggestbuilt\.Board\)\.Score\) writes its field score without a lock, and no other code writes it but where a value is built`
	title, theme, font string
	score              int
	mailbox            chan func()
}

func NewBoard() *Board { // want NewBoard:`summary\(started result; starts a loop\)`
	b := &Board{mailbox: make(chan func())}
	b.build()
	go b.run()
	return b
}

func (b *Board) build() { b.title, b.theme, b.font = "board", "dark", "mono" }

func (b *Board) run() { // want `suggest for \(\*suggestbuilt\.Board\)\.run: //confined:loop @board: a goroutine runs it \(go statement in suggestbuilt\.NewBoard, built\.go:19\) and it receives from a channel in a loop \(built\.go:26\)` run:`confined:loop@board`
	for f := range b.mailbox {
		f()
	}
}

func (b *Board) Score() { b.mailbox <- func() { b.score++ } }

// Look-alike: a Panel's build runs again on Restyle, on whatever
// goroutine calls it: no set-up, and the loop is not the main writer.
type Panel struct {
	title, theme, font string
	score              int
	mailbox            chan func()
}

func NewPanel() *Panel { // want NewPanel:`summary\(started result; starts a loop\)`
	p := &Panel{mailbox: make(chan func())}
	p.build()
	go p.run()
	return p
}

func (p *Panel) Restyle() { p.build() } // want Restyle:`writes suggestbuilt\.Panel\.font, suggestbuilt\.Panel\.theme, suggestbuilt\.Panel\.title`

func (p *Panel) build() { p.title, p.theme, p.font = "panel", "dark", "mono" }

func (p *Panel) run() { // want `suggest for \(\*suggestbuilt\.Panel\)\.run: //confined:loop @panel: a goroutine runs it \(go statement in suggestbuilt\.NewPanel, built\.go:44\) and it receives from a channel in a loop \(built\.go:53\)` run:`confined:loop@panel`
	for f := range p.mailbox {
		f()
	}
}

func (p *Panel) Score() { p.mailbox <- func() { p.score++ } }

// A Card's constructor makes a closure over the value before it builds
// it: the variable the closure captures still holds the value it made, so
// the helper still builds it.
type Card struct { // want `suggest for suggestbuilt\.Card: //confined:owner @card: code on the owner \(func literal in \(\*suggestbuilt\.Card\)\.Score\) writes its field score without a lock`
	title, theme, font string
	score              int
	mailbox            chan func()
	describe           func() string
}

func NewCard() *Card { // want NewCard:`summary\(started result; starts a loop\)`
	c := &Card{mailbox: make(chan func())}
	c.describe = func() string { return c.title }
	c.build()
	go c.run()
	return c
}

func (c *Card) build() { c.title, c.theme, c.font = "card", "dark", "mono" }

func (c *Card) run() { // want `suggest for \(\*suggestbuilt\.Card\)\.run: //confined:loop @card` run:`confined:loop@card`
	for f := range c.mailbox {
		f()
	}
}

func (c *Card) Score() { c.mailbox <- func() { c.score++ } }
