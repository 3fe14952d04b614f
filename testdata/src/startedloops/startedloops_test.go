package startedloops

import (
	"sync"
	"testing"
)

// A cleanup registered after the start runs beside the loop: the
// cleanups registered before it (a helper's Close) run after it.
func TestCleanupReads(t *testing.T) {
	c := New()
	t.Cleanup(c.Close)
	t.Cleanup(func() {
		_ = c.hits // want `reads confined startedloops\.Cache\.hits off the owner`
	})
}

// Look-alike: the Close registered after it runs first.
func TestCleanupAfterClose(t *testing.T) {
	c := New()
	t.Cleanup(func() {
		_ = c.hits
	})
	t.Cleanup(c.Close)
}

// Look-alike: the cleanup closes the cache, which waits for its loop,
// before it reads.
func TestCleanupClosesFirst(t *testing.T) {
	c := New()
	t.Cleanup(func() {
		c.Close()
		_ = c.hits
	})
}

// A helper that starts the cache and closes it in a cleanup returns a
// started cache: the closure's capture is loaded anew at the return.
func startCache(t *testing.T) *Cache {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	c.Start()
	t.Cleanup(func() { c.Close() })
	return c
}

func TestHelperStarted(t *testing.T) {
	c := startCache(t)
	_ = c.hits // want `reads confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop`
}

// Look-alike: a helper that captures the cache in a cleanup but never
// starts it returns a cache no loop runs.
func builtCache(t *testing.T) *Cache {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	t.Cleanup(func() { _ = c.hits })
	return c
}

func TestHelperBuilt(t *testing.T) {
	c := builtCache(t)
	_ = c.hits
}

// A test's helper returning a fixture holds what OpenRig started.
func openRig(t *testing.T) *Rig {
	r, err := OpenRig()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRigServed(t *testing.T) {
	r := openRig(t)
	r.Main.in <- "a"
	_ = r.Main.served // want `reads confined startedloops\.Depot\.served off the owner: this code runs via the code that started the loop \(\*startedloops\.Depot\)\.run`
	r.Main.in <- "a"
	_ = r.Main.bins["a"].count // want `reads confined startedloops\.Bin\.count off the owner`
	_ = r.Main.served          // the same member again: its first line says it
}

// What the started depot holds is shared with its loop as the depot is.
func TestRigCount(t *testing.T) {
	r := openRig(t)
	r.Main.in <- "a"
	_ = r.Main.bins["a"].count // want `reads confined startedloops\.Bin\.count off the owner: this code runs via the code that started the loop \(\*startedloops\.Depot\)\.run`
}

// The fixture a closure captures too is the same fixture.
func TestRigShared(t *testing.T) {
	r := OpenStarted()
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.Main.in <- "a"
	}()
	r.Main.served = 0 // want `writes confined startedloops\.Depot\.served off the owner: this code runs via the code that started the loop`
	<-done
}

// Look-alikes: the spare nobody started, and what the loop never touches
// of what the started depot holds.
func TestRigSpare(t *testing.T) {
	r := openRig(t)
	_ = r.Spare.served
	_ = r.Spare.bins["a"].count
	_ = r.Main.bins["a"].label
}

// A goroutine literal that runs the loop starts it as go c.run() does.
func TestLiteralStarted(t *testing.T) {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	go func() {
		defer close(c.quit)
		c.run()
	}()
	_ = c.hits // want `reads confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop`
}

// Look-alike: a literal that only asks the loop starts none.
func TestLiteralAsks(t *testing.T) {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq, 1), done: make(chan struct{}), quit: make(chan struct{})}
	go func() { c.Get("a") }()
	_ = c.hits
}

// A function of the package that runs the loop, started by name, starts
// it too; one that only asks the loop does not.
func runCache(c *Cache) { c.run() }

func askCache(c *Cache) { c.Get("a") }

func TestNamedStarted(t *testing.T) {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	go runCache(c)
	_ = c.hits // want `reads confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop`
}

func TestNamedAsks(t *testing.T) {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq, 1), done: make(chan struct{}), quit: make(chan struct{})}
	go askCache(c)
	_ = c.hits
}

// A helper that runs the loop on a goroutine of its own and returns a
// stop that waits for that goroutine, once, gives its callers the cache
// back past a call of stop: the loop is over.
func runStoppable(t *testing.T, c *Cache) (*Cache, func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.run()
	}()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			close(c.quit)
			<-done
		})
	}
	t.Cleanup(stop)
	return c, stop
}

func TestStoppedThenRead(t *testing.T) {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	_, stop := runStoppable(t, c)
	_ = c.hits // want `reads confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop`
	stop()
	_ = c.items["a"]
}

// Look-alike: a stop that only asks the loop to end, without waiting for
// it, leaves it running beside its caller.
func runAsked(c *Cache) func() {
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.run()
	}()
	return func() { close(c.quit) }
}

func TestAskedThenRead(t *testing.T) {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	stop := runAsked(c)
	stop()
	_ = c.hits // want `reads confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop`
}
