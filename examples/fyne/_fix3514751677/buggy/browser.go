// Package buggy is a Fyne app that loads a list in the background and shows
// it: the Reload button's handler, on Fyne's main goroutine, starts the load
// on a goroutine of its own, which retries on a timer when the fetch fails.
// The bug: the loading goroutine, and the retry timer's, update the app's
// state and its widgets themselves, while the main goroutine draws them and
// handles the next events. Since Fyne 2.6 every widget call must run on the
// main goroutine. confinecheck reports both starts (../checker_test.go); the
// race detector catches both (../race_test.go).
package buggy

import (
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// RetryDelay is how long a failed fetch waits before it tries again.
var RetryDelay = 20 * time.Millisecond

// Browser is the app's state. It belongs to Fyne's main goroutine, as its
// widgets do.
//
//confined:owner
type Browser struct {
	// fetch gets the items; it is set once, by New, and any goroutine
	// may call it.
	//
	//confined:any
	fetch func() ([]string, error)

	items  []string
	status *widget.Label
	list   *widget.List
	reload *widget.Button
}

// New returns a browser whose reloads ask fetch.
func New(fetch func() ([]string, error)) *Browser {
	b := &Browser{fetch: fetch, status: widget.NewLabel("no items")}
	b.list = widget.NewList(
		func() int { return len(b.items) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(b.items[i]) },
	)
	b.reload = widget.NewButton("Reload", b.onReload)
	return b
}

// Content is what the window shows.
func (b *Browser) Content() fyne.CanvasObject {
	return container.NewBorder(b.reload, b.status, nil, nil, b.list)
}

// ReloadButton is the button that reloads.
func (b *Browser) ReloadButton() *widget.Button { return b.reload }

// Status is the status line's text.
func (b *Browser) Status() string { return b.status.Text }

// onReload is the button's OnTapped: Fyne calls it on the main goroutine.
// The fetch may be slow, so it runs on a goroutine.
func (b *Browser) onReload() {
	go b.load(1) // BUG: load updates the browser off the main goroutine
	b.status.SetText("loading…")
}

// load fetches the items and shows them; when the fetch fails it tries
// again after RetryDelay.
func (b *Browser) load(attempt int) {
	items, err := b.fetch()
	if err != nil {
		time.AfterFunc(RetryDelay, func() {
			b.load(attempt + 1) // BUG: the timer's goroutine, too
		})
		return
	}
	b.items = items
	b.status.SetText(strconv.Itoa(len(items)) + " items")
	b.list.Refresh()
}
