package hopfix

import "time"

// A button calls the handler its setter registers from the owner's loop,
// so the setter is a hop; but it returns the button: it registers the
// handler for the button's later presses and is no way back. With a button
// and a session in scope, the hint and the fix hop through the session.

//confined:owner
type Button struct { // want Button:"confined:owner"
	label   string
	pressed func()
}

//confined:hop
func (b *Button) OnPress(handler func()) *Button { b.pressed = handler; return b } // want OnPress:"confined:hop\\[1\\]" OnPress:`summary\(arg0 writes hopfix\.Button\.pressed; stores arg1 in hopfix\.Button\.UF1\)`

func relabel(b *Button, s *Session) {
	time.AfterFunc(time.Second, func() {
		b.label = "done" // want `writes confined hopfix.Button.label off the owner: this code runs via time.AfterFunc \(registers.go:20\); fix: hop back to the owner through \(\*hopfix.Session\).Post and touch the state there$`
	})
}
