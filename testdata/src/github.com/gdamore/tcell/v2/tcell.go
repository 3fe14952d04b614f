// Package tcell is a stand-in for github.com/gdamore/tcell/v2: a screen
// whose PollEvent returns the next event, and PostEvent queues one.
package tcell

import "time"

type Event interface{ When() time.Time }

type EventKey struct{ t time.Time }

func (e *EventKey) When() time.Time { return e.t }

type Screen interface {
	PollEvent() Event
	PostEvent(ev Event) error
	Show()
}
