package startedloops

import "startedloops/worker"

// Another package's Start runs its unexported loop: the code that called
// it goes on beside the loop, which reads what it writes.
func Reconfigure() {
	w := worker.New()
	w.Start()
	w.Send(1)
	w.Retries = 2 // want `writes confined worker\.Worker\.Retries off the owner: this code runs via the code that started the loop \(\*worker\.Worker\)\.run, which goes on beside it`
}

// Look-alike: set before the start.
func Configure() {
	w := worker.New()
	w.Retries = 2
	w.Start()
	w.Send(1)
}

// Look-alike: read after Close, which waits for the loop's end.
func Drain() int {
	w := worker.New()
	w.Start()
	w.Send(1)
	w.Close()
	return w.Sent
}

// Look-alike: Stats takes the worker's lock first, as the loop does
// around what it writes: shared under that lock.
func Peek() int {
	w := worker.New()
	w.Start()
	w.Send(1)
	return w.Stats()
}
