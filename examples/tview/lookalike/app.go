// Package lookalike is a tview app as its author would write it, with no
// annotation at all: racy shapes (marked "// racy:" with a fragment of the
// finding) and safe ones (unmarked). checker_test.go checks that
// confinecheck, with declarations/tview.conf, reports exactly the marked
// lines.
package lookalike

import (
	"fmt"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

type ui struct {
	app    *tview.Application
	list   *tview.List
	table  *tview.Table
	status *tview.TextView
	log    *tview.TextView
	input  *tview.InputField
	pages  *tview.Pages
	count  int
}

func newUI() *ui {
	u := &ui{
		app:    tview.NewApplication(),
		list:   tview.NewList(),
		table:  tview.NewTable(),
		status: tview.NewTextView(),
		log:    tview.NewTextView(),
		input:  tview.NewInputField(),
		pages:  tview.NewPages(),
	}
	u.list.AddItem("refresh", "", 'r', u.refresh)
	u.list.SetSelectedFunc(func(i int, main, _ string, _ rune) {
		u.status.SetText(main) // on the event loop: safe
	})
	u.input.SetDoneFunc(func(key tcell.Key) {
		u.table.SetCellSimple(0, 0, u.input.GetText())
	})
	u.log.SetChangedFunc(func() {
		u.app.Draw() // safe from the changed goroutine
	})
	u.app.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		if ev.Rune() == 'q' {
			u.app.Stop()
		}
		return ev
	})
	flex := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(u.list, 0, 1, true).
		AddItem(u.table, 0, 1, false).
		AddItem(u.status, 1, 0, false).
		AddItem(u.log, 0, 1, false)
	u.pages.AddPage("main", flex, true, true)
	u.app.SetRoot(u.pages, true)
	return u
}

// refresh runs on the event loop (a List item's callback) and starts work.
func (u *ui) refresh() {
	go func() {
		rows := fetch()
		u.table.SetCellSimple(0, 0, rows[0]) // racy: tview.Table
		u.app.QueueUpdateDraw(func() {
			u.table.SetCellSimple(1, 0, rows[1]) // safe: on the loop
			u.count++
		})
		fmt.Fprintf(u.log, "fetched %d rows\n", len(rows)) // safe: TextView.Write locks
		u.log.Write([]byte("done\n"))                      // safe
		u.app.Draw()                                       // safe
	}()
	time.AfterFunc(time.Second, func() {
		u.status.SetTextColor(tcell.ColorRed) // racy: tview.TextView
	})
	time.AfterFunc(2*time.Second, func() {
		u.app.QueueUpdate(func() { u.status.SetTextColor(tcell.ColorGreen) })
		u.app.QueueEvent(tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModNone))
	})
	go u.showError("boom")
	go u.tick()
}

// showError is a helper that touches widgets; called from a goroutine above.
func (u *ui) showError(msg string) {
	u.pages.AddPage("error", tview.NewModal().SetText(msg), true, true) // racy: tview.
}

// tick updates the status every second, the right way.
func (u *ui) tick() {
	for i := 0; i < 3; i++ {
		time.Sleep(time.Second)
		u.app.QueueUpdateDraw(func() {
			u.status.SetText(fmt.Sprint(i))
			u.list.SetCurrentItem(0)
		})
	}
	u.list.SetCurrentItem(1) // racy: (*tview.List).SetCurrentItem
	u.app.Stop()
}

func fetch() []string { return []string{"a", "b"} }

// Run runs the app.
func Run() error { return newUI().app.Run() }
