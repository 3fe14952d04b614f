// Package lookalike is a Fyne app as its author would write it: a search
// box, a download with a progress bar, a delayed save, a history file and a
// custom widget, with background work started from the button handlers. It
// has racy shapes (marked "// racy:" with a fragment of the finding) and the
// safe ones authors write beside them (unmarked): fyne.Do and DoAndWait, a
// data binding set from a goroutine, values captured before the goroutine
// starts, a widget a goroutine makes for itself and hands over. Only the
// app's own state type, history, is marked //confined:owner; the widgets are
// Fyne's, the blinker is a custom widget (Fyne calls its Tapped and
// CreateRenderer on the main goroutine). checker_test.go checks that
// confinecheck reports exactly the marked lines; race_test.go, that the race
// detector reports each of them, and nothing else.
package lookalike

import (
	"image/color"
	"slices"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/data/binding"
	"fyne.io/fyne/v2/widget"
)

// history is what the app remembers: the queries searched, and how often it
// has been saved.
//
//confined:owner
type history struct {
	entries []string
	saved   int
}

// A Backend is where the app's data comes from and goes to; any goroutine
// may call its funcs.
type Backend struct {
	Search func(query string) []string
	Fetch  func(chunk int)
	Store  func(entries []string)
	Read   func() []string
	Share  func(query string)
}

// chunks is how many pieces a download has.
const chunks = 4

// saveDelay is how long a save waits, so that quick edits are saved once.
const saveDelay = 20 * time.Millisecond

// App is the app: its widgets, made once by New, and its history.
type App struct {
	backend  Backend
	query    *widget.Entry
	status   *widget.Label
	results  *fyne.Container
	list     *widget.List
	done     binding.Float
	progress *widget.ProgressBar
	blink    *blinker
	buttons  map[string]*widget.Button
	hist     *history
}

// New makes the app's widgets.
func New(backend Backend) *App {
	a := &App{
		backend: backend,
		query:   widget.NewEntry(),
		status:  widget.NewLabel(""),
		results: container.NewVBox(),
		done:    binding.NewFloat(),
		blink:   newBlinker(),
		buttons: map[string]*widget.Button{},
		hist:    &history{},
	}
	a.progress = widget.NewProgressBarWithData(a.done)
	a.list = widget.NewList(
		func() int { return len(a.hist.entries) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(a.hist.entries[i]) },
	)
	for label, handler := range map[string]func(){
		"Search": a.onSearch, "Download": a.onDownload, "Save": a.onSave,
		"Open": a.onOpen, "News": a.onNews, "Share": a.onShare,
	} {
		a.buttons[label] = widget.NewButton(label, handler)
	}
	a.query.OnChanged = func(s string) {
		// On the main goroutine, as every widget callback: safe.
		if s == "" {
			a.buttons["Search"].Disable()
		} else {
			a.buttons["Search"].Enable()
		}
	}
	return a
}

// Content is what the window shows.
func (a *App) Content() fyne.CanvasObject {
	bar := container.NewHBox(a.blink)
	for _, label := range []string{"Search", "Download", "Save", "Open", "News", "Share"} {
		bar.Add(a.buttons[label])
	}
	return container.NewBorder(container.NewVBox(a.query, bar, a.progress), a.status, nil, a.results, a.list)
}

// onSearch runs the query on a goroutine and shows what it found.
func (a *App) onSearch() {
	q := a.query.Text // read on the main goroutine, before the goroutine starts: safe
	go func() {
		found := a.backend.Search(q)
		a.status.SetText(strconv.Itoa(len(found)) + " found") // racy: (*widget.Label).SetText
		fyne.Do(func() {
			a.hist.entries = append(a.hist.entries, q) // in fyne.Do: on the main goroutine
			a.showResults(found)
		})
	}()
	a.status.SetText("searching " + q + "…")
}

// showResults lists found; it runs on the main goroutine.
func (a *App) showResults(found []string) {
	a.results.RemoveAll()
	for _, f := range found {
		a.results.Add(widget.NewLabel(f))
	}
	a.list.Refresh()
}

// onDownload fetches the chunks on a goroutine; the progress bar is bound
// to a.done.
func (a *App) onDownload() {
	go func() {
		for i := 1; i <= chunks; i++ {
			a.backend.Fetch(i)
			a.done.Set(float64(i) / chunks) // a data binding: safe from any goroutine
		}
		fyne.Do(func() { a.status.SetText("downloaded") })
	}()
	a.status.SetText("downloading…")
}

// onSave stores the history after saveDelay.
func (a *App) onSave() {
	entries := slices.Clone(a.hist.entries) // a copy made on the main goroutine: safe
	time.AfterFunc(saveDelay, func() {
		a.backend.Store(entries)
		a.hist.saved++ // racy: writes confined lookalike.history.saved
	})
	a.status.SetText("saving, " + strconv.Itoa(a.hist.saved) + " saves so far")
}

// onOpen reads the history file in the background.
func (a *App) onOpen() {
	go a.loadHistory()
	a.status.SetText("opening, " + strconv.Itoa(len(a.hist.entries)) + " entries so far")
}

// loadHistory replaces the history with the file's, and has the list
// redrawn the right way: half a fix.
func (a *App) loadHistory() {
	a.hist.entries = a.backend.Read() // racy: lookalike.history.entries
	fyne.Do(a.list.Refresh)
}

// onNews makes a card of the news on a goroutine: a widget it makes itself
// is its own until it hands it over to the main goroutine.
func (a *App) onNews() {
	go func() {
		card := widget.NewCard("News", "today", widget.NewLabel(a.backend.Search("news")[0]))
		fyne.Do(func() { a.results.Add(card) })
	}()
}

// onShare shares the query from a goroutine, reading it on the main
// goroutine with the hop that waits.
func (a *App) onShare() {
	go func() {
		var q string
		fyne.DoAndWait(func() { q = a.query.Text })
		a.backend.Share(q)
	}()
}

// A blinker is a custom widget: a dot that lights up for a moment when
// tapped.
type blinker struct {
	widget.BaseWidget
	lit bool
	dot *canvas.Circle
}

// flash is how long the blinker stays lit.
const flash = 20 * time.Millisecond

func newBlinker() *blinker {
	b := &blinker{dot: canvas.NewCircle(color.Gray{Y: 0x40})}
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer draws the dot.
func (b *blinker) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(b.dot)
}

// MinSize is the dot's.
func (b *blinker) MinSize() fyne.Size { return fyne.NewSize(20, 20) }

// Tapped lights the dot, and puts it out after flash.
func (b *blinker) Tapped(*fyne.PointEvent) {
	time.AfterFunc(flash, func() {
		b.lit = false // racy: writes confined lookalike.blinker.lit
		b.Refresh()   // via: reported inside Refresh, where it writes the dot
	})
	b.lit = true
	b.Refresh()
}

// Refresh colours the dot.
func (b *blinker) Refresh() {
	if b.lit {
		b.dot.FillColor = color.RGBA{R: 0xff, G: 0xc0, A: 0xff} // racy: (*lookalike.blinker).Refresh
	} else {
		b.dot.FillColor = color.Gray{Y: 0x40} // racy: (*lookalike.blinker).Refresh
	}
	b.BaseWidget.Refresh() // racy: (*lookalike.blinker).Refresh
}
