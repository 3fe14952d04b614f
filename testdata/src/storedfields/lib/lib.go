// Package lib is a notifier in small: an interface its users implement,
// and a bundle of funcs implementing it.
package lib

type Notifiee interface{ Connected() }

type NotifyBundle struct {
	ConnectedF func() // want ConnectedF:"entry point, called off the owner by \\(\\*lib.NotifyBundle\\).Connected"
	// Closed runs where Close is called.
	ClosedF func()
}

func (nb *NotifyBundle) Connected() { // want Connected:`summary\(calls field storedfields/lib\.NotifyBundle\.UF0\)`
	if nb.ConnectedF != nil {
		nb.ConnectedF()
	}
}

func (nb *NotifyBundle) Close() { // want Close:`summary\(calls field storedfields/lib\.NotifyBundle\.UF1\)`
	if nb.ClosedF != nil {
		nb.ClosedF()
	}
}

var notifs []Notifiee

func Notify(n Notifiee) { notifs = append(notifs, n) }
