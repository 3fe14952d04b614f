package builtonly

import "time"

// Fields written after their value is built, in ways that do not assign
// the field itself, get no //confined:any advice: it would hide a race.

type cursor struct{ first int }

func (c *cursor) Move(n int) { c.first = n }

//confined:owner
type T struct { // want T:"confined:owner"
	pos  cursor // its pointer-receiver method writes it
	list cursor // written through: t.list.first = 0
	sel  int    // written on a copy a value receiver hands back
	tag  string // built only
}

func NewT(tag string) *T { return &T{tag: tag} }

func (t *T) scroll()       { t.pos.Move(1) }
func (t *T) reset()        { t.list.first = 0 }
func (t T) Select(i int) T { t.sel = i; return t } // want Select:"summary\\(\\)"

func (t *T) later() {
	time.AfterFunc(time.Second, func() {
		println(t.pos.first)  // want `reads confined builtonly.T.pos off the owner: this code runs via time.AfterFunc \(written.go:\d+\); fix: no loop runs the owner`
		println(t.list.first) // want `reads confined builtonly.T.list off the owner: this code runs via time.AfterFunc \(written.go:\d+\); fix: no loop runs the owner`
		println(t.sel)        // want `reads confined builtonly.T.sel off the owner: this code runs via time.AfterFunc \(written.go:\d+\); fix: no loop runs the owner`
		// Look-alike: built only, so //confined:any is the advice.
		println(t.tag) // want `reads confined builtonly.T.tag off the owner: .*mark the field //confined:any`
	})
}
