package startedloops

import "testing"

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
