package chat

import (
	"context"
	"time"
)

// StartJanitor periodically removes members who have been silent for longer
// than idleAfter. The returned function stops the janitor.
func (r *Room) StartJanitor(every, idleAfter time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-t.C:
				r.sweepIdle(now, idleAfter)
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}

func (r *Room) sweepIdle(now time.Time, idleAfter time.Duration) int {
	kicked := 0
	for _, nick := range r.idleMembers(now, idleAfter) {
		if r.Kick(nick, "idle") {
			kicked++
		}
	}
	return kicked
}
