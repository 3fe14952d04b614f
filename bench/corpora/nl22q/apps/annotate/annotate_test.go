package annotate

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

const geneTable = `# name	chrom	strand	txStart	txEnd	cdsStart	cdsEnd	exonStarts	exonEnds
GENEA	chr1	+	1000	5000	1200	4800	1000,2000,4000	1300,2500,5000
GENEB	chr1	-	20000	30000	21000	29000	20000,25000,28000	22000,26000,30000
LNC1	chr2	+	500	900	1	0	500,800	600,900
`

const vcf = `##fileformat=VCFv4.2
#CHROM	POS	ID	REF	ALT	QUAL	FILTER	INFO
chr1	1250	rs1	A	G	50	PASS	.
chr1	2100	.	AT	A	50	PASS	.
chr1	2200	.	A	ATGC	50	PASS	.
chr1	1302	.	C	T,G	50	PASS	.
chr1	1307	.	C	T	50	PASS	.
chr1	17000	.	T	C	50	PASS	.
chr1	1600	rs2	G	A	50	PASS	.
chr1	1100	.	G	C	50	PASS	.
chr1	4900	.	T	C	50	PASS	.
chr1	500	.	T	C	50	PASS	.
chr1	5400	.	T	C	50	PASS	.
chr1	21500	.	T	C	50	PASS	.
chr1	29500	.	T	C	50	PASS	.
chr2	850	.	A	C	50	PASS	.
chr3	100	.	A	C	50	PASS	.
`

func loadFixtures(t testing.TB) ([]Gene, []Variant) {
	t.Helper()
	genes, err := ReadGenes(strings.NewReader(geneTable))
	if err != nil {
		t.Fatal(err)
	}
	vs, err := ReadVCF(strings.NewReader(vcf))
	if err != nil {
		t.Fatal(err)
	}
	return genes, vs
}

// syntheticGenes lays out n three-exon genes on chromosome 1, 10kb apart.
func syntheticGenes(n int) []Gene {
	genes := make([]Gene, n)
	for i := range genes {
		s := 10000*i + 1
		genes[i] = Gene{
			Name:   "G" + strconv.Itoa(i),
			Chrom:  "1",
			Minus:  i%2 == 1,
			Tx:     Interval{s, s + 4999},
			CDS:    Interval{s + 100, s + 4900},
			Exons:  []Interval{{s, s + 199}, {s + 1000, s + 1199}, {s + 4800, s + 4999}},
			Coding: true,
		}
	}
	return genes
}

// syntheticVariants places one variant in every gene's second exon.
func syntheticVariants(n int, id string) []Variant {
	vs := make([]Variant, n)
	for i := range vs {
		vs[i] = Variant{Chrom: "1", Pos: 10000*i + 1100, ID: id, Ref: "A", Alt: "G"}
	}
	return vs
}

func TestReadVCFSplitsAlleles(t *testing.T) {
	_, vs := loadFixtures(t)
	if len(vs) != 16 {
		t.Fatalf("variants = %d", len(vs))
	}
	if vs[3].Key() != "1:1302:C>T" || vs[4].Key() != "1:1302:C>G" {
		t.Fatalf("multi-allelic split = %s, %s", vs[3].Key(), vs[4].Key())
	}
	if vs[1].Kind() != Deletion || vs[2].Kind() != Insertion || vs[0].Kind() != SNV {
		t.Fatalf("kinds = %v %v %v", vs[0].Kind(), vs[1].Kind(), vs[2].Kind())
	}
	if !vs[0].Transition() || vs[4].Transition() {
		t.Fatal("transition classification wrong")
	}
	if vs[0].Novel() || !vs[1].Novel() {
		t.Fatal("novelty wrong")
	}
}

func TestReadVCFRejectsBadAlleles(t *testing.T) {
	if _, err := ReadVCF(strings.NewReader("1\t10\t.\tA\tQ\n")); err == nil {
		t.Fatal("accepted bad ALT")
	}
	if _, err := ReadVCF(strings.NewReader("1\tx\t.\tA\tC\n")); err == nil {
		t.Fatal("accepted bad POS")
	}
}

func TestConsequences(t *testing.T) {
	genes, vs := loadFixtures(t)
	a := New(genes, DefaultConfig())
	want := map[string][]Consequence{
		"1:1250:A>G":    {CodingChange},
		"1:2100:AT>A":   {Frameshift},
		"1:2200:A>ATGC": {InframeIndel},
		"1:1302:C>T":    {SpliceSite},
		"1:1307:C>T":    {SpliceRegion},
		"1:1600:G>A":    {Intron},
		"1:1100:G>C":    {UTR5},
		"1:4900:T>C":    {UTR3},
		"1:500:T>C":     {Upstream},
		"1:5400:T>C":    {Downstream},
		"1:17000:T>C":   {Downstream},
		"1:21500:T>C":   {CodingChange},
		"1:29500:T>C":   {UTR5},
		"2:850:A>C":     {NonCodingEx},
		"3:100:A>C":     {Intergenic},
	}
	for _, v := range vs {
		exp, ok := want[v.Key()]
		if !ok {
			continue
		}
		got := a.Annotate(v)
		if len(got) != len(exp) {
			t.Errorf("%s: got %v, want %v", v.Key(), got, exp)
			continue
		}
		for i := range exp {
			if got[i].Consequence != exp[i] {
				t.Errorf("%s[%d] (%s): got %s, want %s", v.Key(), i, got[i].Gene, got[i].Consequence, exp[i])
			}
		}
	}
}

func TestIndexedMatchesLinear(t *testing.T) {
	genes := syntheticGenes(300)
	linear := New(genes, DefaultConfig())
	indexed := New(genes, DefaultConfig())
	indexed.EnsureIndex()
	for _, v := range syntheticVariants(300, ".") {
		a, b := linear.Annotate(v), indexed.Annotate(v)
		if len(a) != len(b) {
			t.Fatalf("%s: linear %v, indexed %v", v.Key(), a, b)
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s: linear %v, indexed %v", v.Key(), a, b)
			}
		}
	}
}

func TestWarmThenEnsureIndex(t *testing.T) {
	a := New(syntheticGenes(5000), DefaultConfig())
	a.Warm()
	a.EnsureIndex()
	got := a.Annotate(Variant{Chrom: "1", Pos: 10000*42 + 1100, Ref: "A", Alt: "G"})
	if len(got) == 0 || got[0].Gene != "G42" || got[0].Consequence != CodingChange {
		t.Fatalf("got %v", got)
	}
}

func TestAnnotateBatchMergesWorkerTallies(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Workers = 3
	a := New(syntheticGenes(50), cfg)
	vs := append(syntheticVariants(30, "."), syntheticVariants(20, "rs9")...)
	b := a.AnnotateBatch(vs)
	if b.Summary.Variants != 50 || b.Summary.Novel != 30 {
		t.Fatalf("summary = %+v", b.Summary)
	}
	if len(b.Elapsed) != 3 {
		t.Fatalf("elapsed = %v", b.Elapsed)
	}
	for i, anns := range b.Annotations {
		if anns[0].Variant != vs[i] {
			t.Fatalf("annotation %d out of order", i)
		}
	}
}

func TestStreamHighImpact(t *testing.T) {
	genes, vs := loadFixtures(t)
	a := New(genes, DefaultConfig())
	high := HighImpact(a.Stream(context.Background(), vs))
	if len(high) != 3 {
		t.Fatalf("high impact = %v", high)
	}
}
