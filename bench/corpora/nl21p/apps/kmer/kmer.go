package kmer

import (
	"errors"
	"strings"
)

// MaxK is the longest k-mer that fits the 2-bit packed representation.
const MaxK = 31

// ErrBadK is returned for k outside [1, MaxK].
var ErrBadK = errors.New("kmer: k must be between 1 and 31")

// Kmer is a 2-bit packed k-mer. The first base occupies the most
// significant bits in use; A=0, C=1, G=2, T=3.
type Kmer uint64

func baseCode(b byte) (Kmer, bool) {
	switch b {
	case 'A', 'a':
		return 0, true
	case 'C', 'c':
		return 1, true
	case 'G', 'g':
		return 2, true
	case 'T', 't':
		return 3, true
	}
	return 0, false
}

const alphabet = "ACGT"

// Encode packs s into a Kmer. It fails on ambiguous bases or a bad length.
func Encode(s string) (Kmer, error) {
	if len(s) < 1 || len(s) > MaxK {
		return 0, ErrBadK
	}
	var k Kmer
	for i := 0; i < len(s); i++ {
		c, ok := baseCode(s[i])
		if !ok {
			return 0, errors.New("kmer: ambiguous base in " + s)
		}
		k = k<<2 | c
	}
	return k, nil
}

// Decode unpacks a k-mer of length k.
func (km Kmer) Decode(k int) string {
	var b strings.Builder
	b.Grow(k)
	for i := k - 1; i >= 0; i-- {
		b.WriteByte(alphabet[(km>>(2*uint(i)))&3])
	}
	return b.String()
}

// ReverseComplement returns the packed reverse complement of a k-mer of
// length k.
func (km Kmer) ReverseComplement(k int) Kmer {
	var rc Kmer
	for range k {
		rc = rc<<2 | (3 - km&3)
		km >>= 2
	}
	return rc
}

// Canonical returns the smaller of km and its reverse complement, so that a
// k-mer and its reverse complement are counted together.
func (km Kmer) Canonical(k int) Kmer {
	return min(km, km.ReverseComplement(k))
}

// window tracks the forward and reverse-complement encodings of the last k
// unambiguous bases seen.
type window struct {
	k     int
	mask  Kmer
	shift uint
	fwd   Kmer
	rev   Kmer
	run   int
}

func newWindow(k int) window {
	return window{k: k, mask: Kmer(1)<<(2*uint(k)) - 1, shift: 2 * uint(k-1)}
}

// push adds c and reports whether the window now holds k bases.
func (w *window) push(c Kmer) bool {
	w.fwd = (w.fwd<<2 | c) & w.mask
	w.rev = w.rev>>2 | (3-c)<<w.shift
	w.run++
	return w.run >= w.k
}

func (w *window) reset() { w.run = 0 }

func (w *window) current(canonical bool) Kmer {
	if canonical {
		return min(w.fwd, w.rev)
	}
	return w.fwd
}
