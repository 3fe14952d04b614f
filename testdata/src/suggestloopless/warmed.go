package suggestloopless

import "sync"

// An index a warm-up goroutine builds through a once, while the exported
// lookup reads it without the once: the creator calls the lookup beside
// the goroutine, and so do the lookup's own workers. That the workers run
// the lookup too does not make it theirs alone.
type geneIndex struct { // want `suggest for suggestloopless\.geneIndex: //confined:owner: code off the owner \(\(\*suggest`
	once  sync.Once
	index map[string]int
	genes []string // want `suggest for field genes: //confined:any: only code building a geneIndex writes it, and \(`
}

func (a *geneIndex) Warm() { go a.once.Do(a.build) } // want Warm:`summary\(started arg0\)`

func (a *geneIndex) build() {
	idx := make(map[string]int, len(a.genes))
	for i, g := range a.genes {
		idx[g] = i
	}
	a.index = idx
}

func (a *geneIndex) Lookup(g string) int { // want Lookup:`reads suggestloopless\.geneIndex\.index`
	if a.index != nil {
		return a.index[g]
	}
	return -1
}

func (a *geneIndex) LookupAll(gs []string) []int { // want LookupAll:`may block` LookupAll:`summary\(started arg0; reads the entries of arg1\)`
	out := make([]int, len(gs))
	var wg sync.WaitGroup
	for i, g := range gs {
		wg.Go(func() { out[i] = a.Lookup(g) })
	}
	wg.Wait()
	return out
}

// Look-alike: the lookup goes through the once first.
type onceIndex struct {
	once  sync.Once
	index map[string]int
	genes []string
}

func (a *onceIndex) Warm() { go a.once.Do(a.build) } // want Warm:`summary\(started arg0\)`

func (a *onceIndex) build() {
	idx := make(map[string]int, len(a.genes))
	for i, g := range a.genes {
		idx[g] = i
	}
	a.index = idx
}

func (a *onceIndex) Lookup(g string) int { // want Lookup:`writes suggestloopless\.onceIndex\.index; reads suggestloopless\.onceIndex\.genes, suggest`
	a.once.Do(a.build)
	return a.index[g]
}

func (a *onceIndex) LookupAll(gs []string) []int { // want LookupAll:`summary\(started arg0; reads the entries of arg1\)` LookupAll:`may block`
	out := make([]int, len(gs))
	var wg sync.WaitGroup
	for i, g := range gs {
		wg.Go(func() { out[i] = a.Lookup(g) })
	}
	wg.Wait()
	return out
}
