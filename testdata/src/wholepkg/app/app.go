package app // want package:"declares: owner wholepkg/ui.\\*; any wholepkg/ui.Label.Text; hop wholepkg/ui.Do:f"

// Package app declares the toolkit's widgets its loop's in its own source
// (owner wholepkg/ui.*, every type of the package), with Label.Text safe
// from anywhere. Calling a widget's method off the loop is a touch, even
// one whose body touches nothing: the toolkit's package did not see the
// declaration, so what its summaries say of the widgets cannot count.

import (
	"time"

	"wholepkg/ui"
)

//confined:declare owner wholepkg/ui.*
//confined:declare any wholepkg/ui.Label.Text
//confined:declare hop wholepkg/ui.Do:f

// want +1 `path.\* names every type of a package, and only owner and offowner apply to types`
//confined:declare hop wholepkg/ui.*

func refresh(l *ui.Label, b *ui.Button) {
	go func() {
		l.SetText("late")  // want `calls confined \(\*ui.Label\).SetText off the owner`
		l.Refresh()        // want `calls confined \(\*ui.Label\).Refresh off the owner`
		_ = l.Clone()      // want `calls confined \(\*ui.Label\).Clone off the owner`
		_ = l.Text()       // :any
		b.SetText("tap")   // want `calls confined \(\*ui.Label\).SetText off the owner`
		b.Later(func() {}) // want `calls confined \(\*ui.Button\).Later off the owner`
		_ = ui.Version()   // not a widget's
	}()
	time.AfterFunc(time.Second, func() {
		ui.Do(func() { l.SetText("on the loop") }) // the way back
	})
}
