// Package csvmerge merges CSV reports that share a key column, such as the
// per-region sales exports of a shop, into one report.
package csvmerge

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// ErrNoHeader is returned for input without a header row.
var ErrNoHeader = errors.New("csvmerge: missing header row")

// Table is a parsed CSV report: a header and the data rows below it.
type Table struct {
	Name   string
	Header []string
	Rows   [][]string
}

// Column returns the index of the named column, or -1. Names are compared
// case-insensitively.
func (t *Table) Column(name string) int {
	for i, h := range t.Header {
		if strings.EqualFold(h, name) {
			return i
		}
	}
	return -1
}

// Value returns the cell of row in the named column, or "" if the column or
// the cell does not exist.
func (t *Table) Value(row int, column string) string {
	c := t.Column(column)
	if c < 0 || row < 0 || row >= len(t.Rows) || c >= len(t.Rows[row]) {
		return ""
	}
	return t.Rows[row][c]
}

// Clone returns a deep copy of t.
func (t *Table) Clone() *Table {
	c := &Table{Name: t.Name, Header: slices.Clone(t.Header), Rows: make([][]string, len(t.Rows))}
	for i, r := range t.Rows {
		c.Rows[i] = slices.Clone(r)
	}
	return c
}

// ReadTable parses CSV data whose first record is the header. Rows may have
// a different number of fields than the header; Validate reports them.
func ReadTable(name string, r io.Reader, comma rune) (*Table, error) {
	cr := csv.NewReader(r)
	cr.Comma = comma
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = false
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("csvmerge: %s: %w", name, ErrNoHeader)
	}
	if err != nil {
		return nil, fmt.Errorf("csvmerge: %s: %w", name, err)
	}
	t := &Table{Name: name, Header: make([]string, len(header))}
	for i, h := range header {
		t.Header[i] = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("csvmerge: %s: %w", name, err)
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		t.Rows = append(t.Rows, rec)
	}
	return t, nil
}

// WriteTable writes t as CSV, header first.
func WriteTable(w io.Writer, t *Table, comma rune) error {
	cw := csv.NewWriter(w)
	cw.Comma = comma
	if err := cw.Write(t.Header); err != nil {
		return err
	}
	if err := cw.WriteAll(t.Rows); err != nil {
		return err
	}
	return cw.Error()
}
