package lookalike

import (
	"fmt"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// A clock is a primitive of the app's own, drawn by the event loop.
type clock struct {
	*tview.Box
	now time.Time
}

func (c *clock) Draw(screen tcell.Screen) {
	c.Box.DrawForSubclass(screen, c)
	x, y, _, _ := c.GetInnerRect()
	tview.Print(screen, c.now.Format(time.Kitchen), x, y, 10, tview.AlignLeft, tcell.ColorWhite)
}

// rows is the app's own table content: the table reads it as it draws,
// on the event loop.
type rows struct {
	tview.TableContentReadOnly
	lines []string
}

func (r *rows) GetCell(row, column int) *tview.TableCell { return tview.NewTableCell(r.lines[row]) }
func (r *rows) GetRowCount() int                         { return len(r.lines) }
func (r *rows) GetColumnCount() int                      { return 1 }

type viewer struct {
	table *tview.Table
	rows  *rows
	app   *tview.Application
	text  *tview.TextView
	tree  *tview.TreeView
	form  *tview.Form
	clock *clock
	lines []string
}

func newViewer() *viewer {
	v := &viewer{
		app:   tview.NewApplication(),
		text:  tview.NewTextView(),
		tree:  tview.NewTreeView(),
		form:  tview.NewForm(),
		clock: &clock{Box: tview.NewBox()},
		table: tview.NewTable(),
		rows:  &rows{},
	}
	v.table.SetContent(v.rows)
	v.text.SetChangedFunc(func() {
		v.text.ScrollToEnd() // racy: (*tview.TextView).ScrollToEnd
		v.app.Draw()
	})
	v.app.SetAfterDrawFunc(func(screen tcell.Screen) {
		v.lines = v.lines[:0] // on the event loop: safe
	})
	v.form.AddButton("save", func() {
		v.form.GetButton(0).SetLabel("saved") // on the event loop: safe
	})
	v.form.AddInputField("name", "", 20, nil, func(text string) {
		v.text.SetTitle(text) // on the event loop: safe
	})
	v.app.SetBeforeDrawFunc(func(tcell.Screen) bool {
		v.form.SetTitle(fmt.Sprint(len(v.lines))) // on the event loop: safe
		return false
	})
	v.tree.SetSelectedFunc(func(n *tview.TreeNode) {
		n.SetExpanded(!n.IsExpanded()) // on the event loop: safe
	})
	v.app.SetRoot(v.text, true)
	return v
}

// start runs the viewer's background work.
func (v *viewer) start() {
	go func() {
		for range 3 {
			v.text.SetText("loading") // safe: SetText locks
			v.text.Clear()            // safe: locks
			fmt.Fprintln(v.text, "a line")
			v.app.QueueUpdateDraw(v.redraw)
		}
		v.app.Stop()
	}()
	go func() {
		s := v.text.GetText(false) // racy: (*tview.TextView).GetText
		_ = strings.ToUpper(s)
	}()
	go func() {
		// A widget made here is this goroutine's until it hands it over.
		tv := tview.NewTextView()
		tv.SetText("fresh").SetTextAlign(tview.AlignCenter)
		v.app.QueueUpdateDraw(func() { v.app.SetRoot(tv, true) })
	}()
	go func() {
		v.clock.now = time.Now() // gap: writes confined lookalike.clock.now (clock, the app's own type, is not annotated; -suggest owns it to the event loop, which draws it)
	}()
	go func() {
		v.app.QueueUpdateDraw(func() { v.rows.lines = append(v.rows.lines, "row") }) // on the event loop: safe
	}()
	t := time.NewTicker(time.Second)
	go func() {
		for now := range t.C {
			v.app.QueueUpdateDraw(func() { v.clock.now = now })
		}
	}()
	go func() {
		root := tview.NewTreeNode("root")
		v.tree.SetRoot(root) // racy: (*tview.TreeView).SetRoot
	}()
	go v.app.SetFocus(v.form) // racy: tview.
	go v.app.Run()            // the event loop itself, on a goroutine of its own: safe
}

// redraw runs on the event loop (through QueueUpdateDraw).
func (v *viewer) redraw() {
	v.form.SetTitle(fmt.Sprint(len(v.lines)))
}
