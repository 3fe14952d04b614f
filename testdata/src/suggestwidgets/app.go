// Package suggestwidgets: an app against a UI toolkit whose widget // want package:"hop sinks: widgets.Do, widgets.NewButton"
// callbacks run on its loop (example.com/widgets declares them as hops).
// What a click's handler writes is the owner's; so is what only
// goroutines write and the app's own reader shows, once the type has an
// owner's fields. The mutex makes the proposals field by field.
package suggestwidgets

import (
	"sync"
	"time"

	"example.com/widgets"
)

type App struct {
	mu      sync.Mutex
	guarded map[string]int

	clicks int      // want `suggest for field clicks: //confined:owner: owner code \(func literal in suggestwidgets.New\) and code off the owner \(func literal in \(\*suggestwidgets.App\).onClear\) write it without a lock`
	items  []string // want `suggest for field items: //confined:owner: owner code \(func literal in \(\*suggestwidgets.App\).Reset\) and code off the owner \(\(\*suggestwidgets.App\).sync\) write it without a lock`
	ticks  int      // want `suggest for field ticks: //confined:owner: code off the owner \(func literal in \(\*suggestwidgets.App\).StartClock\) writes it without a lock and \(\*suggestwidgets.App\).Snapshot reads it, as the owner's clicks, items are`
	// spins only the clock's goroutine touches: it is its own.
	spins int

	buttons []*widgets.Button
}

// New makes the app. The Sync button's handler counts the click, then
// starts a sync, which does not read the count: the count is no set-up of
// the sync's, it is what the handler writes on the loop.
func New() *App {
	a := &App{guarded: map[string]int{}}
	a.buttons = append(a.buttons, widgets.NewButton("Sync", func() {
		a.clicks++
		go a.sync()
	}))
	a.buttons = append(a.buttons, widgets.NewButton("Clear", a.onClear))
	a.buttons = append(a.buttons, widgets.NewButton("Tally", a.onTally))
	return a
}

func (a *App) sync() { a.items = append(a.items, "synced") }

// A Dialer's Connect handler sets addr up for the dial it starts, which
// reads it: a set-up, no evidence of an owner (a restart may race, but
// the dial writes nothing the handler reads).
type Dialer struct {
	addr   string
	button *widgets.Button
}

func NewDialer() *Dialer {
	d := &Dialer{}
	d.button = widgets.NewButton("Connect", func() {
		d.addr = "localhost:1"
		go d.dial()
	})
	return d
}

func (d *Dialer) dial() { println(d.addr) }

func (a *App) onClear() {
	time.AfterFunc(time.Millisecond, func() { a.clicks = 0 })
}

// onTally counts under the mutex: the mutex's, not the owner's.
func (a *App) onTally() {
	go func() {
		a.mu.Lock()
		a.guarded["tally"]++
		a.mu.Unlock()
	}()
}

// Reset empties the list on the loop.
func (a *App) Reset() {
	widgets.Do(func() { a.items = nil })
}

// StartClock ticks on a goroutine of its own.
func (a *App) StartClock(stop <-chan struct{}) { // want StartClock:"summary\\(started arg0\\)"
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
				a.ticks++
				a.spins++
			}
		}
	}()
}

// Snapshot is what the app shows.
func (a *App) Snapshot() (clicks, ticks, items int) { // want Snapshot:`reads suggestwidgets\.App\.clicks, suggestwidgets\.App\.items, suggestwidgets\.App\.ticks`
	return a.clicks, a.ticks, len(a.items)
}

// A Form's handler is stored in the button's field rather than handed to
// NewButton: the toolkit calls it on the loop all the same.
type Form struct {
	mu     sync.Mutex
	saved  int // want `suggest for field saved: //confined:owner: owner code \(func literal in suggestwidgets.NewForm\) and code off the owner \(func literal in \(\*suggestwidgets.Form\).Autosave\) write it without a lock`
	button *widgets.Button
}

func NewForm() *Form {
	f := &Form{button: &widgets.Button{Label: "Save"}}
	f.button.OnTapped = func() { f.saved++ }
	return f
}

// Autosave counts a save off the loop.
func (f *Form) Autosave() { // want Autosave:`summary\(started arg0\)`
	go func() { f.saved++ }()
}

// Look-alike: a func kept in a func field of the app's own type runs
// where that type calls it, as the walk shows: its notifier calls it on a
// goroutine, so it is no owner code, though the type is confined (the
// drafts' edits are written off the owner only, and by the callers'
// side).
//
//confined:owner
type notifier struct { // want notifier:`confined:owner`
	onSaved func() //confined:any
}

func (n *notifier) fire() { go n.onSaved() }

type Draft struct { // want `suggest for suggestwidgets\.Draft: //confined:owner: code off the owner \(func literal in \(\*suggestwidgets\.Draft\)\.Edit\) touches its field edits without a lock, and the code that creates and calls the value uses it too \(func literal in suggestwidgets\.NewDraft\): with no loop, that code is the owner, and the check reports the goroutines`
	mu    sync.Mutex
	edits int
	n     *notifier // want `suggest for field n: //confined:any: only code building a Draft writes it, and \(\*suggestwidgets\.Draft\)\.Save reads it off the owner`
}

func NewDraft() *Draft {
	d := &Draft{n: &notifier{}}
	d.n.onSaved = func() { d.edits++ }
	return d
}

func (d *Draft) Save() { d.n.fire() } // want Save:`summary\(async arg0\)` Save:`reads suggestwidgets\.Draft\.n, suggestwidgets\.notifier\.onSaved`

func (d *Draft) Edit() { go func() { d.edits++ }() } // want Edit:`summary\(started arg0\)`
