package appsettings // want package:"hop sinks: ui.Do"

// Package appsettings is app with its declarations in the settings, as
// -declare, a confinecheck.conf or a built-in pack give them: the toolkit's
// own package sees them too, and the same lines are reported.

import (
	"time"

	"wholepkg/ui"
)

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
