// Package lookalike is a tcell views app as its author would write it, with
// no annotation: racy shapes (marked "// racy:" with a fragment of the
// finding) and safe ones (unmarked). checker_test.go checks that
// confinecheck, with declarations/tcell.conf, reports exactly the marked
// lines.
package lookalike

import (
	"fmt"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/gdamore/tcell/v2/views"
)

// counter is a widget of the app's own: the event loop calls its methods.
type counter struct {
	views.Text
	n   int
	app *views.Application
}

func (c *counter) HandleEvent(ev tcell.Event) bool {
	if k, ok := ev.(*tcell.EventKey); ok {
		switch k.Rune() {
		case 'q':
			c.app.Quit()
		case '+':
			c.n++
			c.SetText(fmt.Sprint(c.n)) // on the loop: safe
		case 'w':
			go func() {
				time.Sleep(time.Second)
				c.app.PostFunc(func() { c.SetText("waited") }) // safe
				c.app.Update()
			}()
		case 'b':
			go func() {
				c.SetText("bad") // racy: (*views.Text).SetText
			}()
		}
		return true
	}
	return c.Text.HandleEvent(ev)
}

// Run runs the app.
func Run() error {
	app := &views.Application{}
	c := &counter{app: app}
	layout := views.NewBoxLayout(views.Vertical)
	bar := views.NewTextBar()
	layout.AddWidget(c, 1)
	layout.AddWidget(bar, 0)
	app.SetRootWidget(layout)
	time.AfterFunc(time.Second, func() {
		bar.SetLeft("late", tcell.StyleDefault) // racy: (*views.TextBar).SetLeft
	})
	time.AfterFunc(time.Second, func() {
		app.PostFunc(func() { bar.SetCenter("posted", tcell.StyleDefault) })
	})
	go func() {
		app.SetRootWidget(bar) // racy: SetRootWidget
	}()
	return app.Run()
}
