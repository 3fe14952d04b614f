package annotate

import (
	"context"
	"slices"
	"sync"
	"time"

	"example.com/corpus/trial-nl22q/internal/par"
)

// AnnotateAll annotates variants in parallel, keeping input order, and
// updates the annotator's statistics.
func (a *Annotator) AnnotateAll(variants []Variant) [][]Annotation {
	return par.Map(variants, a.cfg.Workers, func(v Variant) []Annotation {
		anns := a.Annotate(v)
		a.stats.record(v, anns)
		return anns
	})
}

// AnnotateChunks splits variants into chunks of size and annotates each
// chunk on its own goroutine. Results are flattened in input order.
func (a *Annotator) AnnotateChunks(variants []Variant, size int) []Annotation {
	chunks := par.Chunk(variants, size)
	results := make([][]Annotation, len(chunks))
	var wg sync.WaitGroup
	for i, chunk := range chunks {
		wg.Add(1)
		go func() {
			defer a.observe(time.Now())
			defer wg.Done()
			for _, v := range chunk {
				results[i] = append(results[i], a.Annotate(v)...)
			}
		}()
	}
	wg.Wait()
	return slices.Concat(results...)
}

func (a *Annotator) observe(start time.Time) {
	a.busy += time.Since(start) // RACY
}

// Batch is the result of AnnotateBatch.
type Batch struct {
	Annotations [][]Annotation
	Summary     Summary
	Elapsed     []time.Duration
}

// AnnotateBatch annotates variants on the configured number of workers.
// Each worker keeps its own tally and timing; they are merged once every
// worker has finished.
func (a *Annotator) AnnotateBatch(variants []Variant) Batch {
	n := par.Workers(a.cfg.Workers, len(variants))
	out := make([][]Annotation, len(variants))
	tallies := make([]Summary, n)
	elapsed := make([]time.Duration, n)
	var wg sync.WaitGroup
	for w := range n {
		wg.Go(func() {
			start := time.Now()
			t := Summary{ByConsequence: map[Consequence]int{}}
			for i := w; i < len(variants); i += n {
				out[i] = a.Annotate(variants[i])
				t.add(variants[i], out[i])
			}
			tallies[w] = t
			elapsed[w] = time.Since(start)
		})
	}
	wg.Wait()
	total := Summary{ByConsequence: map[Consequence]int{}}
	for _, t := range tallies {
		total.merge(t)
	}
	return Batch{Annotations: out, Summary: total, Elapsed: elapsed}
}

func (s *Summary) add(v Variant, anns []Annotation) {
	s.Variants++
	if v.Novel() {
		s.Novel++
	}
	for _, a := range anns {
		s.ByConsequence[a.Consequence]++
	}
}

func (s *Summary) merge(o Summary) {
	s.Variants += o.Variants
	s.Novel += o.Novel
	for k, v := range o.ByConsequence {
		s.ByConsequence[k] += v
	}
}

// Stream annotates variants on worker goroutines and delivers each
// variant's annotations as soon as they are ready.
func (a *Annotator) Stream(ctx context.Context, variants []Variant) <-chan []Annotation {
	return par.Stream(ctx, variants, a.cfg.Workers, func(_ context.Context, v Variant) []Annotation {
		return a.Annotate(v)
	})
}

// HighImpact filters annotations down to HIGH impact consequences,
// consuming a stream until it is closed.
func HighImpact(in <-chan []Annotation) []Annotation {
	var out []Annotation
	for anns := range in {
		for _, an := range anns {
			if an.Consequence.Impact() == High {
				out = append(out, an)
			}
		}
	}
	return out
}
