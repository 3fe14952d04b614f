package annotate

import (
	"bufio"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Interval is a closed 1-based range.
type Interval struct {
	Start, End int
}

// Contains reports whether pos lies inside the interval.
func (iv Interval) Contains(pos int) bool { return pos >= iv.Start && pos <= iv.End }

// Gene is a single transcript model.
type Gene struct {
	Name   string
	Chrom  string
	Minus  bool
	Tx     Interval
	CDS    Interval
	Exons  []Interval
	Coding bool
}

// ReadGenes parses a tab-separated table with the columns
// name, chrom, strand, txStart, txEnd, cdsStart, cdsEnd, exonStarts, exonEnds.
// Coordinates are 1-based and inclusive; exon lists are comma-separated.
func ReadGenes(r io.Reader) ([]Gene, error) {
	var out []Gene
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		g, err := parseGene(strings.Split(line, "\t"))
		if err != nil {
			return nil, errors.New("gene line " + strconv.Itoa(n) + ": " + err.Error())
		}
		out = append(out, g)
	}
	return out, sc.Err()
}

func parseGene(cols []string) (Gene, error) {
	if len(cols) != 9 {
		return Gene{}, errors.New("want 9 columns, got " + strconv.Itoa(len(cols)))
	}
	nums := make([]int, 4)
	for i := range nums {
		v, err := strconv.Atoi(cols[3+i])
		if err != nil {
			return Gene{}, err
		}
		nums[i] = v
	}
	starts, err := intList(cols[7])
	if err != nil {
		return Gene{}, err
	}
	ends, err := intList(cols[8])
	if err != nil {
		return Gene{}, err
	}
	if len(starts) != len(ends) || len(starts) == 0 {
		return Gene{}, errors.New("exon lists differ in length")
	}
	g := Gene{
		Name:   cols[0],
		Chrom:  normChrom(cols[1]),
		Minus:  cols[2] == "-",
		Tx:     Interval{nums[0], nums[1]},
		CDS:    Interval{nums[2], nums[3]},
		Coding: nums[2] <= nums[3],
	}
	for i := range starts {
		g.Exons = append(g.Exons, Interval{starts[i], ends[i]})
	}
	return g, g.validate()
}

func (g Gene) validate() error {
	if g.Tx.Start > g.Tx.End {
		return errors.New(g.Name + ": transcript start after end")
	}
	prev := 0
	for _, e := range g.Exons {
		if e.Start > e.End || e.Start <= prev || !g.Tx.Contains(e.Start) || !g.Tx.Contains(e.End) {
			return errors.New(g.Name + ": exons out of order or outside transcript")
		}
		prev = e.End
	}
	return nil
}

func intList(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(strings.TrimSuffix(s, ","), ",") {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// exonAt returns the index of the exon containing pos, or -1.
func (g Gene) exonAt(pos int) int {
	i, found := slices.BinarySearchFunc(g.Exons, pos, func(e Interval, p int) int {
		switch {
		case e.End < p:
			return -1
		case e.Start > p:
			return 1
		}
		return 0
	})
	if !found {
		return -1
	}
	return i
}

// distanceToExon returns the distance from an intronic position to the
// nearest exon boundary.
func (g Gene) distanceToExon(pos int) int {
	best := -1
	for _, e := range g.Exons {
		for _, b := range [2]int{e.Start, e.End} {
			d := pos - b
			if d < 0 {
				d = -d
			}
			if best < 0 || d < best {
				best = d
			}
		}
	}
	return best
}

// geneIndex answers overlap queries per chromosome.
type geneIndex struct {
	byChrom map[string][]Gene
	longest map[string]int
}

func newGeneIndex(genes []Gene) *geneIndex {
	idx := &geneIndex{byChrom: map[string][]Gene{}, longest: map[string]int{}}
	for _, g := range genes {
		idx.byChrom[g.Chrom] = append(idx.byChrom[g.Chrom], g)
		idx.longest[g.Chrom] = max(idx.longest[g.Chrom], g.Tx.End-g.Tx.Start+1)
	}
	for _, gs := range idx.byChrom {
		slices.SortFunc(gs, func(a, b Gene) int { return a.Tx.Start - b.Tx.Start })
	}
	return idx
}

// near returns genes whose transcript lies within flank of [start, end].
func (idx *geneIndex) near(chrom string, start, end, flank int) []Gene {
	gs := idx.byChrom[chrom]
	lo := start - flank - idx.longest[chrom]
	i, _ := slices.BinarySearchFunc(gs, lo, func(g Gene, p int) int { return g.Tx.Start - p })
	var out []Gene
	for ; i < len(gs) && gs[i].Tx.Start <= end+flank; i++ {
		if gs[i].Tx.End+flank >= start {
			out = append(out, gs[i])
		}
	}
	return out
}
