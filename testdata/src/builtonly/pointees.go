package builtonly

import "time"

// A pointer or interface field that only the constructor assigns is still
// no candidate for a //confined:any edit when the package calls a method on
// what it holds that may change it: the advice says when marking is right,
// and no edit is offered.

type source interface{ Next() int }

type clock struct{ start int }

func (c clock) Since() int { return c.start }

//confined:owner
type U struct { // want U:"confined:owner"
	editor *cursor // the owner moves it
	src    source  // the owner calls Next through the interface
	clk    *clock  // look-alike: only a value-receiver method
}

func NewU(src source) *U { // want NewU:"summary\\(\\)"
	return &U{editor: &cursor{}, src: src, clk: &clock{}}
}

func (u *U) step() int {
	u.editor.Move(u.src.Next())
	return u.clk.Since()
}

func (u *U) later() {
	time.AfterFunc(time.Second, func() {
		println(u.editor.first) // want `reads confined builtonly.U.editor off the owner: .*fix: if editor never changes once its value is built and what it holds is safe to use from any goroutine \(this package calls \(\*builtonly.cursor\).Move on it\), mark the field //confined:any; else no loop runs the owner`
		println(u.src)          // want `reads confined builtonly.U.src off the owner: .*\(this package calls \(builtonly.source\).Next on it\), mark the field //confined:any`
		println(u.clk.start)    // want `reads confined builtonly.U.clk off the owner: .*fix: if clk never changes once its value is built \(nothing in this package assigns it elsewhere\), mark the field //confined:any`
	})
}
