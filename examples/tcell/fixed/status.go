// Package fixed is package buggy with the refresh fixed: the goroutine
// fetches, and posts the widget's update to the event loop with
// Application.PostFunc.
package fixed

import "github.com/gdamore/tcell/v2/views"

// Refresh fetches a status on a goroutine of its own and shows it in text;
// then it calls then.
func Refresh(app *views.Application, text *views.Text, fetch func() string, then func()) {
	go func() {
		status := fetch()
		app.PostFunc(func() {
			text.SetText(status) // FIX: on the event loop
		})
		then()
	}()
}
