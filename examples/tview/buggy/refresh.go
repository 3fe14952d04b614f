// Package buggy refreshes a tview table from a goroutine, calling the
// table's methods there: tview's widgets are not safe for concurrent use,
// and the event loop draws the table meanwhile. The package has no
// annotation; confinecheck, with declarations/tview.conf, reports the call
// (see ../checker_test.go), and the race detector catches it too
// (../race_test.go).
package buggy

import "github.com/rivo/tview"

// Refresh fetches a row on a goroutine of its own and shows it in the
// table's first cell; then it calls then.
func Refresh(app *tview.Application, table *tview.Table, fetch func() string, then func()) {
	go func() {
		row := fetch()
		table.SetCellSimple(0, 0, row) // BUG: a widget, off the event loop
		then()
	}()
}
