// Package fixed is package buggy with the refresh fixed: the goroutine
// fetches, and hands the table's update to the event loop with
// Application.QueueUpdateDraw.
package fixed

import "github.com/rivo/tview"

// Refresh fetches a row on a goroutine of its own and shows it in the
// table's first cell; then it calls then.
func Refresh(app *tview.Application, table *tview.Table, fetch func() string, then func()) {
	go func() {
		row := fetch()
		app.QueueUpdateDraw(func() {
			table.SetCellSimple(0, 0, row) // FIX: on the event loop
		})
		then()
	}()
}
