// Package ui is a UI toolkit in small, with no directive: its widgets
// must be used from the UI's loop only, which the packages using it
// declare (owner wholepkg/ui.*). Do is the way back onto the loop.
package ui

// A Label shows text.
type Label struct {
	text  string
	shown bool
}

func (l *Label) SetText(s string) { l.text = s }
func (l *Label) Text() string     { return l.text }

// Clone returns a new label with l's text: its summary says its result is
// fresh, whether or not the package knows Label confined.
func (l *Label) Clone() *Label { return &Label{text: l.text} }

// Refresh redraws the label; it touches none of its fields.
func (l *Label) Refresh() {}

// A Button calls OnTap on the loop.
type Button struct {
	Label
	OnTap func()
}

// Later shows the button and runs f on a goroutine of its own: a package
// that does not know Button confined exports only that f runs off the
// owner.
func (b *Button) Later(f func()) { // want Later:`summary\(async arg1\)`
	b.shown = true
	go f()
}

// Version is safe from anywhere: it touches nothing of a widget.
func Version() string { return "1" }

// Do runs f on the UI's loop.
func Do(f func()) { queue <- f }

var queue = make(chan func(), 16)

// Run is the UI's loop.
func Run() {
	for f := range queue {
		f()
	}
}
