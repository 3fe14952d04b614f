package handoffs

import "time"

// A conn confines only some of its fields: a value of it holds confined
// state all the same, and the hand-off rule applies to it as to a value of
// a confined type. Made per accepted connection and given to its handler
// alone, it is the handler's; given to the handler and to a timer armed
// for it, the two share it and their touches are findings.
type conn struct {
	//confined:owner
	lastSeen time.Time // want lastSeen:`confined:owner`
	//confined:owner
	closed bool // want closed:`confined:owner`
	nread  int
}

func serveAlone(accept func() bool) {
	for accept() {
		c := &conn{lastSeen: time.Now()}
		go handleConn(c)
	}
}

func serveWatched(accept func() bool, idle time.Duration) {
	for accept() {
		c := &conn{lastSeen: time.Now()}
		go handleConn(c)
		time.AfterFunc(idle, func() {
			if time.Since(c.lastSeen) > idle { // want `reads confined handoffs.conn.lastSeen off the owner: this code runs via time.AfterFunc`
				c.closed = true // want `writes confined handoffs.conn.closed off the owner: this code runs via time.AfterFunc`
			}
		})
	}
}

func handleConn(c *conn) {
	for !c.closed { // want `reads confined handoffs\.conn\.closed off the owner: this code runs via a go statement \(fields\.go:28\)`
		c.nread++
		c.lastSeen = time.Now() // want `writes confined handoffs.conn.lastSeen off the owner: this code runs via a go statement`
	}
}

// The same for a generic connection: its instances hold the field the
// declaration confines.
type gconn[T any] struct {
	//confined:owner
	last T // want last:`confined:owner`
}

func serveGeneric(accept func() bool) {
	for accept() {
		c := &gconn[int]{}
		go func() { c.last++ }()
	}
}

func serveGenericShared(accept func() bool) {
	for accept() {
		c := &gconn[int]{}
		go func() { c.last++ }() // want `writes confined handoffs.gconn\[T\].last off the owner: this code runs via a go statement`
		println(c.last)
	}
}
