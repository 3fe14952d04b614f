// Package lib is a stand-in for a third-party client library that its users
// cannot annotate: Client runs disconnect handlers on its own reader
// goroutine, and Post runs f under the client's serializer, which is the
// owner context of the code that uses it.
package lib

import (
	"sync"
	"time"
)

type Client struct {
	mu           sync.Mutex
	onDisconnect []func()
	onError      []func()
	conn         chan []byte
}

// OnDisconnect registers h; the reader goroutine calls it when the
// connection drops.
func (c *Client) OnDisconnect(h func()) {
	c.mu.Lock()
	c.onDisconnect = append(c.onDisconnect, h)
	c.mu.Unlock()
}

// Post runs f holding the client's serializer.
func (c *Client) Post(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f()
}

// Start starts the reader goroutine.
func (c *Client) Start() {
	go c.read()
}

func (c *Client) read() {
	for range c.conn {
	}
	c.mu.Lock()
	hs := c.onDisconnect
	c.mu.Unlock()
	for _, h := range hs {
		h()
	}
}

// Subscribe calls onMsg for the messages already buffered, before it
// returns, and registers onErr for the reader goroutine.
func (c *Client) Subscribe(onMsg, onErr func()) {
	onMsg()
	c.mu.Lock()
	c.onError = append(c.onError, onErr)
	c.mu.Unlock()
}

// Every runs f every d on a timer goroutine.
func Every(d time.Duration, f func()) *time.Ticker {
	t := time.NewTicker(d)
	_ = f
	return t
}

// Retry runs f again after d; the analyzer infers this from its body.
func (c *Client) Retry(d time.Duration, f func()) {
	time.AfterFunc(d, f)
}
