// Package setters is a test fixture, not an app: code that registers a
// window's close handler (w.SetOnClosed) and updates a label off the main
// goroutine. The handler setters run their func on the main goroutine
// too, but they are no way back: the advice must hop through fyne.Do,
// which this package never calls, not through the setter it calls.
package setters

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

type Browser struct {
	win   fyne.Window
	label *widget.Label
}

func (b *Browser) Wire() { b.win.SetOnClosed(func() {}) }

func (b *Browser) Load(fetch func() string) {
	go func() {
		b.label.SetText(fetch())
	}()
}
