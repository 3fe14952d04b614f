package fyne_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// browserFile is the file of ./buggy the findings are in.
const browserFile = "buggy/browser.go"

// TestCheckerFindsTheBug runs confinecheck on ./buggy with no -declare:
// exit status 3 and two findings, the go statement and the retry timer
// that run load, which writes the browser and calls its widgets, off the
// main goroutine, each with fyne.Do as the fix. The browser type is marked //confined:owner; what the
// checker must know of Fyne (its widgets belong to the main goroutine,
// fyne.Do hops back) comes from the built-in pack.
func TestCheckerFindsTheBug(t *testing.T) {
	t.Parallel()
	findings := example.CheckBug(t, "./buggy")
	// Both at load's update of the status label, where the race detector
	// names them; each message names its way off the main goroutine.
	line := examplecheck.LineOf(t, browserFile, `b.status.SetText(strconv.Itoa(len(items)) + " items")`)
	examplecheck.ExpectFinding(t, findings, browserFile, line, "the goroutine calls load, with the hop to fyne.Do for a fix",
		"calls confined (*buggy.Browser).load off the owner", "go statement", "fyne.Do")
	examplecheck.ExpectFinding(t, findings, browserFile, line, "the retry timer calls load, with the hop to fyne.Do for a fix",
		"calls confined (*buggy.Browser).load off the owner", "time.AfterFunc", "fyne.Do")
	examplecheck.ExpectOnly(t, findings, browserFile, line)
}

// TestCommon runs the checks every example makes (Example.RunCommon in
// internal/examplecheck). The fix it checks: the fixed load hops with
// fyne.Do.
func TestCommon(t *testing.T) {
	t.Parallel()
	example.RunCommon(t)
}

// TestFixHidesNothing: confinecheck -fix on copies of the buggy and
// look-alike apps leaves them building, every racy line reported or moved
// into fyne.Do, and what waits on the network (the browser's fetch, and
// load, which calls it; the look-alike's backend) where it was.
func TestFixHidesNothing(t *testing.T) {
	t.Parallel()
	example.ExpectFixHidesNothing(t, []string{"b.fetch()", "b.load(", "a.backend."}, "buggy", "lookalike")
}

// TestAdviceHopsThroughFyneDo: in code that calls a window's handler
// setter (SetOnClosed) and never fyne.Do, the finding still advises
// fyne.Do. The setters take a func and return nothing, the shape of a way
// back; were they declared as hops, the advice would name the one in use.
func TestAdviceHopsThroughFyneDo(t *testing.T) {
	t.Parallel()
	findings, out, _ := example.CheckArgs(t, "./setters")
	line := examplecheck.LineOf(t, "setters/setters.go", "b.label.SetText(fetch())")
	examplecheck.ExpectFinding(t, findings, "setters/setters.go", line, "the label's update off the main goroutine, with fyne.Do for a fix",
		"calls confined (*widget.Label).SetText off the owner", "hop back to the owner through fyne.Do")
	if len(findings) != 1 {
		t.Errorf("want one finding, got:\n%s", out)
	}
}
