// Package telemetry samples a running game at a fixed rate for the
// analytics pipeline.
package telemetry

import (
	"sync"
	"time"
)

// Sample is one observation of the game.
type Sample struct {
	Frame  int
	Score  int
	Length int
	At     time.Time
}

// Source provides samples.
type Source interface {
	Sample() Sample
}

// SourceFunc adapts a function to a Source.
type SourceFunc func() Sample

// Sample calls f.
func (f SourceFunc) Sample() Sample { return f() }

// Sampler polls a source on its own goroutine.
type Sampler struct {
	src   Source
	every time.Duration
	sink  func(Sample)
	stop  chan struct{}
	done  chan struct{}
}

// Start begins sampling src every interval and passes samples to sink.
func Start(src Source, every time.Duration, sink func(Sample)) *Sampler {
	s := &Sampler{src: src, every: every, sink: sink, stop: make(chan struct{}), done: make(chan struct{})}
	go s.run()
	return s
}

func (s *Sampler) run() {
	defer close(s.done)
	t := time.NewTicker(s.every)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case now := <-t.C:
			smp := s.src.Sample()
			smp.At = now
			s.sink(smp)
		}
	}
}

// Stop ends sampling and waits for the sampler goroutine to exit.
func (s *Sampler) Stop() {
	close(s.stop)
	<-s.done
}

// Recorder buffers samples until they are flushed.
type Recorder struct {
	mu      sync.Mutex
	samples []Sample
}

// Add stores a sample.
func (r *Recorder) Add(s Sample) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.samples = append(r.samples, s)
}

// Flush returns and clears the buffered samples.
func (r *Recorder) Flush() []Sample {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.samples
	r.samples = nil
	return out
}
