// Package sheet evaluates spreadsheet formulas such as "=SUM(A1:A3)*B1"
// over a workbook of cells.
package sheet

import (
	"fmt"
	"strconv"
	"strings"
)

// Ref addresses one cell. Col and Row start at zero.
type Ref struct {
	Col, Row int
}

// ParseRef parses an A1-style reference such as "C12".
func ParseRef(s string) (Ref, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	i := 0
	col := 0
	for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
		col = col*26 + int(s[i]-'A'+1)
		i++
	}
	if i == 0 || i == len(s) {
		return Ref{}, fmt.Errorf("sheet: bad reference %q", s)
	}
	row, err := strconv.Atoi(s[i:])
	if err != nil || row < 1 {
		return Ref{}, fmt.Errorf("sheet: bad reference %q", s)
	}
	return Ref{Col: col - 1, Row: row - 1}, nil
}

// MustRef is ParseRef for references known to be valid.
func MustRef(s string) Ref {
	r, err := ParseRef(s)
	if err != nil {
		panic(err)
	}
	return r
}

// String formats the reference in A1 style.
func (r Ref) String() string {
	var col []byte
	for c := r.Col + 1; c > 0; c = (c - 1) / 26 {
		col = append([]byte{byte('A' + (c-1)%26)}, col...)
	}
	return string(col) + strconv.Itoa(r.Row+1)
}

// Range is a rectangular block of cells.
type Range struct {
	From, To Ref
}

// Cells lists the references in the range, row by row.
func (rg Range) Cells() []Ref {
	c0, c1 := min(rg.From.Col, rg.To.Col), max(rg.From.Col, rg.To.Col)
	r0, r1 := min(rg.From.Row, rg.To.Row), max(rg.From.Row, rg.To.Row)
	out := make([]Ref, 0, (c1-c0+1)*(r1-r0+1))
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			out = append(out, Ref{Col: c, Row: r})
		}
	}
	return out
}
