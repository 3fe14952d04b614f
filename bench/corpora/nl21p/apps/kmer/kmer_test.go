package kmer

import "testing"

func TestEncodeDecode(t *testing.T) {
	for _, s := range []string{"A", "ACGT", "TTTTGGGGCCCCAAAA", "ACGTACGTACGTACGTACGTACGTACGTACG"} {
		km, err := Encode(s)
		if err != nil {
			t.Fatalf("Encode(%q): %v", s, err)
		}
		if got := km.Decode(len(s)); got != s {
			t.Errorf("Decode(Encode(%q)) = %q", s, got)
		}
	}
	if _, err := Encode("ACNT"); err == nil {
		t.Error("Encode accepted an ambiguous base")
	}
	if _, err := Encode(""); err == nil {
		t.Error("Encode accepted an empty k-mer")
	}
}

func TestCanonical(t *testing.T) {
	fwd, _ := Encode("AAGT")
	rc, _ := Encode("ACTT")
	if fwd.ReverseComplement(4) != rc {
		t.Fatalf("reverse complement of AAGT = %s", fwd.ReverseComplement(4).Decode(4))
	}
	if fwd.Canonical(4) != fwd || rc.Canonical(4) != fwd {
		t.Errorf("canonical forms differ: %s %s", fwd.Canonical(4).Decode(4), rc.Canonical(4).Decode(4))
	}
}

func TestWindowMatchesEncode(t *testing.T) {
	seq := "GATTACAGATTACA"
	w := newWindow(5)
	for i := 0; i < len(seq); i++ {
		c, _ := baseCode(seq[i])
		if !w.push(c) {
			continue
		}
		want, _ := Encode(seq[i-4 : i+1])
		if w.current(false) != want {
			t.Fatalf("window at %d = %s, want %s", i, w.current(false).Decode(5), seq[i-4:i+1])
		}
		if w.current(true) != want.Canonical(5) {
			t.Fatalf("canonical window at %d mismatch", i)
		}
	}
}
