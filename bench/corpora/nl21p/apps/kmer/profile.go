package kmer

import (
	"cmp"
	"context"
	"slices"

	"example.com/corpus/trial-nl21p/internal/fanout"
)

// Profile holds k-mer counts and the statistics derived from them.
type Profile struct {
	K         int
	Counts    map[Kmer]int
	Windows   int
	Ambiguous int
	GC        float64

	spectrum []int
}

// Entry is one k-mer with its count.
type Entry struct {
	Kmer  string
	Count int
}

func mergeShards(k int, shards []map[Kmer]int) *Profile {
	size := 0
	for _, s := range shards {
		size = max(size, len(s))
	}
	p := &Profile{K: k, Counts: make(map[Kmer]int, size)}
	for _, s := range shards {
		for km, n := range s {
			p.Counts[km] += n
		}
	}
	return p
}

// Distinct reports the number of different k-mers.
func (p *Profile) Distinct() int { return len(p.Counts) }

// Total reports the number of k-mer occurrences.
func (p *Profile) Total() int {
	t := 0
	for _, n := range p.Counts {
		t += n
	}
	return t
}

// Count reports how often s was seen.
func (p *Profile) Count(s string) int {
	km, err := Encode(s)
	if err != nil || len(s) != p.K {
		return 0
	}
	return p.Counts[km]
}

// Prune removes k-mers seen fewer than minCount times and reports how many
// were removed.
func (p *Profile) Prune(minCount int) int {
	removed := 0
	for km, n := range p.Counts {
		if n < minCount {
			delete(p.Counts, km)
			removed++
		}
	}
	p.spectrum = nil
	return removed
}

// Top returns the n most frequent k-mers, ties broken alphabetically.
func (p *Profile) Top(n int) []Entry {
	keys := make([]Kmer, 0, len(p.Counts))
	for km := range p.Counts {
		keys = append(keys, km)
	}
	slices.SortFunc(keys, func(a, b Kmer) int {
		if c := cmp.Compare(p.Counts[b], p.Counts[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	keys = keys[:min(n, len(keys))]
	out := make([]Entry, len(keys))
	for i, km := range keys {
		out[i] = Entry{Kmer: km.Decode(p.K), Count: p.Counts[km]}
	}
	return out
}

// Spectrum returns the abundance histogram: h[c] is the number of distinct
// k-mers seen exactly c times. h[0] is always zero.
func (p *Profile) Spectrum() []int {
	if p.spectrum == nil {
		p.spectrum = p.buildSpectrum()
	}
	return p.spectrum
}

// SpectrumAsync builds the spectrum on another goroutine and delivers it on
// the returned channel. The result is kept for later Spectrum calls.
func (p *Profile) SpectrumAsync() <-chan []int {
	ch := make(chan []int, 1)
	go func() {
		h := p.buildSpectrum()
		ch <- h
		p.spectrum = h // RACY
	}()
	return ch
}

func (p *Profile) buildSpectrum() []int {
	highest := 0
	for _, n := range p.Counts {
		highest = max(highest, n)
	}
	h := make([]int, highest+1)
	for _, n := range p.Counts {
		h[n]++
	}
	return h
}

// EstimateGenomeSize applies the classic coverage-peak estimate: the total
// number of solid k-mers divided by the depth of the main peak of the
// spectrum. Counts below errorCutoff are treated as sequencing errors.
func EstimateGenomeSize(h []int, errorCutoff int) (size, peak int) {
	start := max(errorCutoff, 1)
	// Skip the descending error tail before looking for the peak.
	for start+1 < len(h) && h[start+1] < h[start] {
		start++
	}
	for c := start; c < len(h); c++ {
		if peak == 0 || h[c] > h[peak] {
			peak = c
		}
	}
	if peak == 0 {
		return 0, 0
	}
	total := 0
	for c := start; c < len(h); c++ {
		total += c * h[c]
	}
	return total / peak, peak
}

// Jaccard returns the Jaccard similarity of the k-mer sets of p and q.
func (p *Profile) Jaccard(q *Profile) float64 {
	if p.K != q.K {
		return 0
	}
	small, large := p.Counts, q.Counts
	if len(small) > len(large) {
		small, large = large, small
	}
	shared := 0
	for km := range small {
		if _, ok := large[km]; ok {
			shared++
		}
	}
	union := len(p.Counts) + len(q.Counts) - shared
	if union == 0 {
		return 1
	}
	return float64(shared) / float64(union)
}

// Pair is the similarity of two named profiles.
type Pair struct {
	A, B    string
	Jaccard float64
}

// CompareAll computes every pairwise Jaccard similarity on up to workers
// goroutines. The result is ordered by decreasing similarity.
func CompareAll(ctx context.Context, named map[string]*Profile, workers int) ([]Pair, error) {
	names := make([]string, 0, len(named))
	for n := range named {
		names = append(names, n)
	}
	slices.Sort(names)
	var pairs []Pair
	for i := range names {
		for k := i + 1; k < len(names); k++ {
			pairs = append(pairs, Pair{A: names[i], B: names[k]})
		}
	}
	ch := fanout.Stream(ctx, pairs, workers, func(_ context.Context, pr Pair) (Pair, error) {
		pr.Jaccard = named[pr.A].Jaccard(named[pr.B])
		return pr, nil
	})
	out, err := fanout.Collect(len(pairs), ch)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b Pair) int { return cmp.Compare(b.Jaccard, a.Jaccard) })
	return out, nil
}
