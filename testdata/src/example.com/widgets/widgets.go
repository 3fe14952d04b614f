// Package widgets is a UI toolkit whose run loop owns its widgets and runs
// the callbacks they are given, as Fyne's does: a button's tapped runs on
// the loop, and so does what Do is handed.
package widgets

//confined:owner
type Button struct {
	Label    string
	OnTapped func()
}

// NewButton makes a button that runs tapped on the loop when clicked.
//
//confined:hop tapped
func NewButton(label string, tapped func()) *Button {
	return &Button{Label: label, OnTapped: tapped}
}

// Do runs fn on the loop.
//
//confined:hop fn
func Do(fn func()) { fn() }
