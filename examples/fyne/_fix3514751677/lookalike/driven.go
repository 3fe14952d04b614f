package lookalike

import (
	"image/color"

	"fyne.io/fyne/v2"
)

// What the race test (../race_test.go) drives the app with. It calls these
// on the main goroutine, inside fyne.DoAndWait.

// Tappable is the button labelled label, or the blinker for "blinker".
func (a *App) Tappable(label string) fyne.Tappable {
	if label == "blinker" {
		return a.blink
	}
	return a.buttons[label]
}

// SetQuery types q into the query box.
func (a *App) SetQuery(q string) { a.query.SetText(q) }

// A Probe is what the race test reads of the app.
type Probe struct {
	Status           string
	Results, Entries int
	Saved            int
	Progress         float64
	Lit, DotLit      bool
}

// Probe reads the app.
func (a *App) Probe() Probe {
	return Probe{
		Status:   a.status.Text,
		Results:  len(a.results.Objects),
		Entries:  a.list.Length(),
		Saved:    a.hist.saved,
		Progress: a.progress.Value,
		Lit:      a.blink.lit,
		DotLit:   a.blink.dot.FillColor != color.Gray{Y: 0x40},
	}
}
