package annotate

import (
	"sync"
	"sync/atomic"
	"time"
)

// Consequence is the predicted effect of a variant on a transcript.
type Consequence string

const (
	Frameshift   Consequence = "frameshift_variant"
	SpliceSite   Consequence = "splice_site_variant"
	InframeIndel Consequence = "inframe_indel"
	CodingChange Consequence = "coding_sequence_variant"
	SpliceRegion Consequence = "splice_region_variant"
	UTR5         Consequence = "5_prime_UTR_variant"
	UTR3         Consequence = "3_prime_UTR_variant"
	NonCodingEx  Consequence = "non_coding_exon_variant"
	Intron       Consequence = "intron_variant"
	Upstream     Consequence = "upstream_gene_variant"
	Downstream   Consequence = "downstream_gene_variant"
	Intergenic   Consequence = "intergenic_variant"
)

// Impact buckets consequences by severity.
type Impact int

const (
	Modifier Impact = iota
	Low
	Moderate
	High
)

func (i Impact) String() string {
	return [...]string{"MODIFIER", "LOW", "MODERATE", "HIGH"}[i]
}

// Impact returns the severity bucket of c.
func (c Consequence) Impact() Impact {
	switch c {
	case Frameshift, SpliceSite:
		return High
	case InframeIndel, CodingChange:
		return Moderate
	case SpliceRegion, UTR5, UTR3:
		return Low
	}
	return Modifier
}

// Annotation is the consequence of one variant on one gene.
type Annotation struct {
	Variant     Variant
	Gene        string
	Consequence Consequence
	Distance    int
}

// Config tunes the annotator.
type Config struct {
	// Flank is how far up- or downstream of a transcript a variant is
	// still reported against it.
	Flank int
	// SpliceSite and SpliceRegion are intronic distances from an exon
	// boundary.
	SpliceSite   int
	SpliceRegion int
	// Workers bounds the parallelism of batch calls.
	Workers int
}

// DefaultConfig mirrors common annotation tool defaults.
func DefaultConfig() Config {
	return Config{Flank: 5000, SpliceSite: 2, SpliceRegion: 8, Workers: 4}
}

// Stats summarises what an annotator has seen.
type Stats struct {
	mu            sync.Mutex
	byConsequence map[Consequence]int
	variants      atomic.Int64
	novel         int
}

func (s *Stats) record(v Variant, anns []Annotation) {
	s.mu.Lock()
	if s.byConsequence == nil {
		s.byConsequence = map[Consequence]int{}
	}
	for _, a := range anns {
		s.byConsequence[a.Consequence]++
	}
	s.mu.Unlock()
	s.variants.Add(1)
	if v.Novel() {
		s.novel++ // RACY
	}
}

// Summary is a point-in-time copy of Stats.
type Summary struct {
	Variants      int
	Novel         int
	ByConsequence map[Consequence]int
}

// Annotator annotates variants against a fixed set of gene models.
type Annotator struct {
	cfg   Config
	genes []Gene

	once  sync.Once
	index *geneIndex

	stats Stats
	busy  time.Duration
}

// New returns an annotator for genes.
func New(genes []Gene, cfg Config) *Annotator {
	if cfg.Flank < 0 {
		cfg.Flank = 0
	}
	if cfg.SpliceRegion < cfg.SpliceSite {
		cfg.SpliceRegion = cfg.SpliceSite
	}
	return &Annotator{cfg: cfg, genes: genes}
}

// Warm builds the gene index in the background so that later calls do not
// pay for it.
func (a *Annotator) Warm() {
	go a.once.Do(a.buildIndex)
}

// EnsureIndex builds the gene index if it has not been built yet.
func (a *Annotator) EnsureIndex() {
	a.once.Do(a.buildIndex)
}

func (a *Annotator) buildIndex() {
	idx := newGeneIndex(a.genes)
	a.index = idx // RACY
}

// candidates returns the genes close enough to v to be annotated against.
func (a *Annotator) candidates(v Variant) []Gene {
	if idx := a.index; idx != nil {
		return idx.near(v.Chrom, v.Pos, v.End(), a.cfg.Flank)
	}
	var out []Gene
	for _, g := range a.genes {
		if g.Chrom == v.Chrom && g.Tx.End+a.cfg.Flank >= v.Pos && g.Tx.Start-a.cfg.Flank <= v.End() {
			out = append(out, g)
		}
	}
	return out
}

// Annotate returns one annotation per nearby gene, or a single intergenic
// annotation.
func (a *Annotator) Annotate(v Variant) []Annotation {
	var out []Annotation
	for _, g := range a.candidates(v) {
		c, dist := a.consequence(g, v)
		out = append(out, Annotation{Variant: v, Gene: g.Name, Consequence: c, Distance: dist})
	}
	if len(out) == 0 {
		out = append(out, Annotation{Variant: v, Consequence: Intergenic})
	}
	return out
}

func (a *Annotator) consequence(g Gene, v Variant) (Consequence, int) {
	pos, end := v.Pos, v.End()
	switch {
	case end < g.Tx.Start:
		return a.flanking(g, g.Tx.Start-end, !g.Minus)
	case pos > g.Tx.End:
		return a.flanking(g, pos-g.Tx.End, g.Minus)
	}
	if ex := g.exonAt(pos); ex >= 0 {
		return exonic(g, v), 0
	}
	if ex := g.exonAt(end); ex >= 0 {
		return exonic(g, v), 0
	}
	d := g.distanceToExon(pos)
	switch {
	case d <= a.cfg.SpliceSite:
		return SpliceSite, d
	case d <= a.cfg.SpliceRegion:
		return SpliceRegion, d
	}
	return Intron, d
}

func (a *Annotator) flanking(_ Gene, dist int, upstream bool) (Consequence, int) {
	if upstream {
		return Upstream, dist
	}
	return Downstream, dist
}

func exonic(g Gene, v Variant) Consequence {
	if !g.Coding {
		return NonCodingEx
	}
	if g.CDS.Contains(v.Pos) || g.CDS.Contains(v.End()) {
		switch v.Kind() {
		case Insertion, Deletion, Complex:
			if v.LengthChange()%3 != 0 {
				return Frameshift
			}
			return InframeIndel
		}
		return CodingChange
	}
	before := v.End() < g.CDS.Start
	if before != g.Minus {
		return UTR5
	}
	return UTR3
}

// Stats returns a copy of the counters gathered by AnnotateAll.
func (a *Annotator) Stats() Summary {
	a.stats.mu.Lock()
	defer a.stats.mu.Unlock()
	by := make(map[Consequence]int, len(a.stats.byConsequence))
	for k, v := range a.stats.byConsequence {
		by[k] = v
	}
	return Summary{Variants: int(a.stats.variants.Load()), Novel: a.stats.novel, ByConsequence: by}
}

// Busy reports the total time spent annotating chunks.
func (a *Annotator) Busy() time.Duration { return a.busy }
