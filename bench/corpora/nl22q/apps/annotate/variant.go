// Package annotate assigns gene-level consequences to small genomic variants.
package annotate

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
)

// Kind is the shape of a variant.
type Kind int

const (
	SNV Kind = iota
	Insertion
	Deletion
	MNV
	Complex
)

func (k Kind) String() string {
	return [...]string{"snv", "insertion", "deletion", "mnv", "complex"}[k]
}

// Variant is one alternate allele at a position. Positions are 1-based.
type Variant struct {
	Chrom string
	Pos   int
	ID    string
	Ref   string
	Alt   string
}

// Key identifies the variant as chrom:pos:ref>alt.
func (v Variant) Key() string {
	return v.Chrom + ":" + strconv.Itoa(v.Pos) + ":" + v.Ref + ">" + v.Alt
}

// Novel reports whether the variant has no database identifier.
func (v Variant) Novel() bool { return v.ID == "" || v.ID == "." }

// Kind classifies the allele after trimming a shared leading base.
func (v Variant) Kind() Kind {
	ref, alt := v.Ref, v.Alt
	switch {
	case len(ref) == 1 && len(alt) == 1:
		return SNV
	case len(ref) == len(alt):
		return MNV
	case len(ref) < len(alt) && strings.HasPrefix(alt, ref):
		return Insertion
	case len(ref) > len(alt) && strings.HasPrefix(ref, alt):
		return Deletion
	}
	return Complex
}

// End returns the last reference position the variant touches.
func (v Variant) End() int { return v.Pos + max(len(v.Ref), 1) - 1 }

// LengthChange is len(alt) - len(ref).
func (v Variant) LengthChange() int { return len(v.Alt) - len(v.Ref) }

// Transition reports whether an SNV is a purine<->purine or
// pyrimidine<->pyrimidine change.
func (v Variant) Transition() bool {
	if v.Kind() != SNV {
		return false
	}
	pair := strings.ToUpper(v.Ref + v.Alt)
	switch pair {
	case "AG", "GA", "CT", "TC":
		return true
	}
	return false
}

var errShortLine = errors.New("fewer than 5 columns")

// ReadVCF parses the data lines of a VCF stream, splitting multi-allelic
// sites into one Variant per alternate allele. Header lines are skipped.
func ReadVCF(r io.Reader) ([]Variant, error) {
	var out []Variant
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		vs, err := parseVCFLine(line)
		if err != nil {
			return nil, errors.New("vcf line " + strconv.Itoa(n) + ": " + err.Error())
		}
		out = append(out, vs...)
	}
	return out, sc.Err()
}

func parseVCFLine(line string) ([]Variant, error) {
	cols := strings.Split(line, "\t")
	if len(cols) < 5 {
		return nil, errShortLine
	}
	pos, err := strconv.Atoi(cols[1])
	if err != nil || pos < 1 {
		return nil, errors.New("bad position " + cols[1])
	}
	ref := strings.ToUpper(cols[3])
	if !isBases(ref) {
		return nil, errors.New("bad REF " + cols[3])
	}
	var out []Variant
	for _, alt := range strings.Split(cols[4], ",") {
		alt = strings.ToUpper(alt)
		if alt == "*" || alt == "." {
			continue
		}
		if !isBases(alt) {
			return nil, errors.New("bad ALT " + alt)
		}
		out = append(out, Variant{Chrom: normChrom(cols[0]), Pos: pos, ID: cols[2], Ref: ref, Alt: alt})
	}
	return out, nil
}

func isBases(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'A', 'C', 'G', 'T', 'N':
		default:
			return false
		}
	}
	return true
}

func normChrom(c string) string {
	return strings.TrimPrefix(strings.TrimPrefix(c, "chr"), "Chr")
}
