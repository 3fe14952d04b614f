// Package examplecheck holds what the tests of the example modules under
// examples/ share: building the confinecheck binary and a -race test
// binary once per test run, running the checker and reading its findings,
// finding the lines a test expects findings on (by their text, or by the
// "// racy: FRAGMENT" markers of the look-alike apps), and running a driven
// scenario in a subprocess built with -race and reading the race
// detector's reports.
//
// It is an ordinary package of the root module, for tests only: its helpers
// take a testing.TB and fail it. The example modules may import it because
// their import paths are under github.com/confinecheck/confinecheck/ (and
// their go.mod replaces the root module with this checkout). Each module
// keeps only what is its own: an Example saying its name, its declarations
// pack and its driven scenario, which packages are buggy and fixed, which
// lines and messages its tests expect, and the framework-specific drivers of
// its race tests.
package examplecheck
