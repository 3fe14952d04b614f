// Package helperstore has no directives and nothing confined in reach, so
// it takes the syntax-only path. Only unexported functions store a func
// parameter where the package's own goroutine calls it; the exported ones
// reach those stores through them, or not at all (sinks_test.go compares
// what the two paths export).
package helperstore

type Worker struct {
	onTick func()
	onStop func()
}

// Start runs the loop that calls the stored funcs on a goroutine of its own.
func (w *Worker) Start() { go w.loop() }

func (w *Worker) loop() {
	w.onTick()
	w.onStop()
}

func (w *Worker) setTick(f func()) { w.onTick = f }

// OnTick hands f to setTick, which stores it where loop calls it: an
// async sink for f, though no exported function stores it itself.
func (w *Worker) OnTick(f func()) { w.setTick(f) }

func (w *Worker) setStop(f func()) { w.onStop = f }

// Run calls f on the caller and stores a func of its own: not a sink.
func (w *Worker) Run(f func()) {
	f()
	w.setStop(func() {})
}
