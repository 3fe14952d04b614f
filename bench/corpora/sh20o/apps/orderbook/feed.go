package orderbook

import (
	"context"
	"time"
)

// StartFeed publishes a quote for symbol every interval until the returned
// stop function is called.
func (e *Engine) StartFeed(symbol string, every time.Duration, publish func(Quote)) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		var last Quote
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				q := e.snapshot(symbol)
				if q != last {
					publish(q)
					last = q
				}
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}

func (e *Engine) snapshot(symbol string) Quote {
	b, ok := e.books[symbol]
	if !ok {
		return Quote{Symbol: symbol}
	}
	return b.quote()
}
