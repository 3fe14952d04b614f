// Package lib is a server library whose interfaces carry no directive:
// users declare them.
package lib

// Handler is what the server calls on its connection goroutines.
type Handler interface {
	Serve(req string)
}

// Listener has a method the server calls on its own goroutine, and one it
// calls only while setting up.
type Listener interface {
	OnMessage(msg string)
	Name() string
}
