// Package kmer counts fixed-length substrings (k-mers) of nucleotide
// sequences and derives simple genome statistics from the counts.
package kmer

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrNoHeader is returned when sequence data appears before the first
// FASTA header line.
var ErrNoHeader = errors.New("kmer: sequence data before first header")

// Record is one FASTA entry.
type Record struct {
	ID   string
	Desc string
	Seq  []byte
}

// Len reports the number of bases in r.
func (r Record) Len() int { return len(r.Seq) }

// ParseFASTA reads every record from r. Sequence lines are concatenated and
// upper-cased; blank lines and ';' comment lines are skipped.
func ParseFASTA(r io.Reader) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)

	var recs []Record
	cur := -1
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		switch {
		case len(text) == 0 || text[0] == ';':
			continue
		case text[0] == '>':
			id, desc, _ := strings.Cut(string(text[1:]), " ")
			if id == "" {
				return nil, fmt.Errorf("kmer: line %d: empty record id", line)
			}
			recs = append(recs, Record{ID: id, Desc: strings.TrimSpace(desc)})
			cur = len(recs) - 1
		default:
			if cur < 0 {
				return nil, fmt.Errorf("kmer: line %d: %w", line, ErrNoHeader)
			}
			recs[cur].Seq = append(recs[cur].Seq, bytes.ToUpper(text)...)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("kmer: reading FASTA: %w", err)
	}
	return recs, nil
}

// WriteFASTA writes recs to w, wrapping sequence lines at width bases.
func WriteFASTA(w io.Writer, recs []Record, width int) error {
	if width <= 0 {
		width = 60
	}
	bw := bufio.NewWriter(w)
	for _, r := range recs {
		bw.WriteByte('>')
		bw.WriteString(r.ID)
		if r.Desc != "" {
			bw.WriteByte(' ')
			bw.WriteString(r.Desc)
		}
		bw.WriteByte('\n')
		for seq := r.Seq; len(seq) > 0; {
			n := min(width, len(seq))
			bw.Write(seq[:n])
			bw.WriteByte('\n')
			seq = seq[n:]
		}
	}
	return bw.Flush()
}

// GCContent counts G and C bases in seq and the number of unambiguous
// (A, C, G or T) bases.
func GCContent(seq []byte) (gc, acgt int) {
	for _, b := range seq {
		switch b {
		case 'G', 'C', 'g', 'c':
			gc++
			acgt++
		case 'A', 'T', 'a', 't':
			acgt++
		}
	}
	return gc, acgt
}

// ReverseComplement returns the reverse complement of seq. Bases other than
// A, C, G and T become N.
func ReverseComplement(seq []byte) []byte {
	out := make([]byte, len(seq))
	for i, b := range seq {
		out[len(seq)-1-i] = complement(b)
	}
	return out
}

func complement(b byte) byte {
	switch b {
	case 'A', 'a':
		return 'T'
	case 'C', 'c':
		return 'G'
	case 'G', 'g':
		return 'C'
	case 'T', 't':
		return 'A'
	}
	return 'N'
}

// SeqStats summarises one record.
type SeqStats struct {
	ID        string
	Length    int
	GC        float64
	Ambiguous int
	LongestN  int
}

func seqStats(r Record) SeqStats {
	gc, acgt := GCContent(r.Seq)
	s := SeqStats{ID: r.ID, Length: len(r.Seq), Ambiguous: len(r.Seq) - acgt}
	if acgt > 0 {
		s.GC = float64(gc) / float64(acgt)
	}
	run := 0
	for _, b := range r.Seq {
		if _, ok := baseCode(b); ok {
			run = 0
			continue
		}
		run++
		s.LongestN = max(s.LongestN, run)
	}
	return s
}
