package orderbook

import "time"

// armExpiry schedules a good-till-time order's removal.
func (e *Engine) armExpiry(b *book, o *Order) {
	o.timer = time.AfterFunc(o.ExpireAt.Sub(e.now()), func() {
		e.expire(b, o)
	})
}

func (e *Engine) expire(b *book, o *Order) {
	if !o.markExpired() {
		return
	}
	_ = e.exec(func() {
		b.remove(o)
		e.stats.Expired++
	})
}
