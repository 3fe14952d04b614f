// Package harness: a test's own harness implements the engine's game to
// run the tests on a goroutine its first turn starts. The *testing.M it
// reads there is set up before the loop runs, so the test file gets
// //confined:any on it; the tries the turns count, and the log a method
// of its own appends to, both of which the goroutine reads, get none.
package harness
