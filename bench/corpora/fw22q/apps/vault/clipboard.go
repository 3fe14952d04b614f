package vault

import (
	"sync"
	"time"
)

// Clipboard is the system clipboard.
type Clipboard interface {
	WriteText(s string) error
	ReadText() (string, error)
}

// MemoryClipboard is a process-local clipboard, used over SSH sessions
// where the system clipboard is not reachable.
type MemoryClipboard struct {
	mu     sync.Mutex
	text   string
	writes int
	delay  time.Duration
}

// NewMemoryClipboard returns a clipboard whose writes take delay, as a
// clipboard manager round trip would.
func NewMemoryClipboard(delay time.Duration) *MemoryClipboard {
	return &MemoryClipboard{delay: delay}
}

// WriteText implements Clipboard.
func (c *MemoryClipboard) WriteText(s string) error {
	time.Sleep(c.delay)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.text = s
	c.writes++
	return nil
}

// ReadText implements Clipboard.
func (c *MemoryClipboard) ReadText() (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.text, nil
}

// Writes counts clipboard writes.
func (c *MemoryClipboard) Writes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.writes
}
