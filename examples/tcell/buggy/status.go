// Package buggy updates a tcell views.Text from a goroutine: the event loop
// draws it meanwhile, and views' widgets are not safe for concurrent use.
// The package has no annotation; confinecheck, with declarations/tcell.conf,
// reports the call (see ../checker_test.go), and the race detector catches
// it too (../race_test.go).
package buggy

import "github.com/gdamore/tcell/v2/views"

// Refresh fetches a status on a goroutine of its own and shows it in text;
// then it calls then.
func Refresh(app *views.Application, text *views.Text, fetch func() string, then func()) {
	go func() {
		status := fetch()
		text.SetText(status) // BUG: a widget, off the event loop
		then()
	}()
}
