package sensor

import (
	"sync"
	"time"
)

// BeatSource produces heart-rate values in beats per minute; ok is false
// when the source is exhausted.
type BeatSource func(i int) (bpm int, ok bool)

// Strap is a chest strap that notifies subscribers of heart-rate
// measurements, as a BLE heart-rate service would.
type Strap struct {
	source BeatSource
	every  time.Duration

	mu   sync.Mutex
	subs []func(bpm int)
	stop chan struct{}
	wg   sync.WaitGroup
}

// NewStrap creates a strap that produces a measurement every interval.
func NewStrap(src BeatSource, every time.Duration) *Strap {
	return &Strap{source: src, every: every}
}

// Subscribe registers fn for measurements. fn runs on the strap's
// notification goroutine.
func (s *Strap) Subscribe(fn func(bpm int)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.subs = append(s.subs, fn)
}

// Connect starts notifications.
func (s *Strap) Connect() {
	s.mu.Lock()
	subs := append([]func(int){}, s.subs...)
	s.stop = make(chan struct{})
	stop := s.stop
	s.mu.Unlock()

	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for i := 0; ; i++ {
			bpm, ok := s.source(i)
			if !ok {
				return
			}
			for _, fn := range subs {
				fn(bpm)
			}
			time.Sleep(s.every)
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
}

// Disconnect stops notifications and waits for the notification goroutine.
func (s *Strap) Disconnect() {
	s.mu.Lock()
	if s.stop != nil {
		close(s.stop)
		s.stop = nil
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// Steady returns a source that reports bpm n times.
func Steady(bpm, n int) BeatSource {
	return func(i int) (int, bool) { return bpm, i < n }
}
