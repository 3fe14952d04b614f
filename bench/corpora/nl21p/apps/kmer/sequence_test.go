package kmer

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

const sampleFASTA = `; sample assembly
>chr1 first contig
ACGTACGTAC
gtacgtACGT

>chr2
NNACGTTTGA
>chr3 short one
ACG
`

func TestParseFASTA(t *testing.T) {
	recs, err := ParseFASTA(strings.NewReader(sampleFASTA))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("got %d records, want 3", len(recs))
	}
	if recs[0].ID != "chr1" || recs[0].Desc != "first contig" {
		t.Errorf("header parsed as %q/%q", recs[0].ID, recs[0].Desc)
	}
	if got := string(recs[0].Seq); got != "ACGTACGTACGTACGTACGT" {
		t.Errorf("chr1 sequence = %q", got)
	}
	if recs[1].Len() != 10 || recs[2].Len() != 3 {
		t.Errorf("lengths = %d, %d", recs[1].Len(), recs[2].Len())
	}
}

func TestParseFASTARejectsHeaderlessData(t *testing.T) {
	_, err := ParseFASTA(strings.NewReader("ACGT\n>x\nAC\n"))
	if !errors.Is(err, ErrNoHeader) {
		t.Fatalf("err = %v, want ErrNoHeader", err)
	}
}

func TestWriteFASTARoundTrip(t *testing.T) {
	recs, err := ParseFASTA(strings.NewReader(sampleFASTA))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteFASTA(&buf, recs, 7); err != nil {
		t.Fatal(err)
	}
	back, err := ParseFASTA(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if recs[i].ID != back[i].ID || !bytes.Equal(recs[i].Seq, back[i].Seq) {
			t.Errorf("record %d changed: %q -> %q", i, recs[i].Seq, back[i].Seq)
		}
	}
}

func TestGCContentAndReverseComplement(t *testing.T) {
	gc, acgt := GCContent([]byte("GGCCATNN"))
	if gc != 4 || acgt != 6 {
		t.Errorf("GCContent = %d/%d, want 4/6", gc, acgt)
	}
	if got := string(ReverseComplement([]byte("AACGTN"))); got != "NACGTT" {
		t.Errorf("ReverseComplement = %q", got)
	}
}
