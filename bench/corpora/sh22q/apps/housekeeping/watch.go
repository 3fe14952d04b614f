package housekeeping

import (
	"strconv"
	"sync"
	"time"
)

// Pager alerts the duty manager.
type Pager interface {
	Page(msg string)
}

// WatchBacklog starts a goroutine that pages the duty manager when the
// minutes of queued cleaning exceed limit. Paging resumes once the backlog
// has fallen below half the limit. The returned function stops the watcher.
func (s *Scheduler) WatchBacklog(every time.Duration, limit int, pager Pager) (stop func()) {
	ticker := time.NewTicker(every)
	stopCh := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		defer ticker.Stop()
		alerted := false
		for {
			select {
			case <-ticker.C:
				alerted = s.checkBacklog(limit, alerted, pager)
			case <-stopCh:
				return
			case <-s.quit:
				return
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() { close(stopCh) })
		<-finished
	}
}

func (s *Scheduler) checkBacklog(limit int, alerted bool, pager Pager) bool {
	backlog := s.backlogMinutes()
	switch {
	case backlog > limit && !alerted:
		pager.Page("housekeeping backlog at " + strconv.Itoa(backlog) + " minutes")
		return true
	case backlog <= limit/2:
		return false
	}
	return alerted
}

func (s *Scheduler) backlogMinutes() int {
	return s.pendingMinutes // RACY
}
