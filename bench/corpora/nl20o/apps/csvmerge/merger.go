package csvmerge

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"example.com/corpus/trial-nl20o/internal/par"
)

// Merger combines reports that share a key column. Rows with the same key
// are folded into one: sum columns are added up, every other column keeps
// the first non-empty value.
type Merger struct {
	key     string
	sums    []string
	comma   rune
	workers int

	bg         sync.WaitGroup
	loadedRows int
	checked    int
	digest     uint64
}

// Total is the sum of one numeric column over a merged report.
type Total struct {
	Column string
	Sum    float64
}

// Option configures a Merger.
type Option func(*Merger)

// WithSums names the numeric columns that are added up when rows merge.
func WithSums(columns ...string) Option {
	return func(m *Merger) { m.sums = append(m.sums, columns...) }
}

// WithComma sets the field separator of input and output.
func WithComma(c rune) Option {
	return func(m *Merger) { m.comma = c }
}

// WithWorkers sets how many tables are validated in parallel.
func WithWorkers(n int) Option {
	return func(m *Merger) { m.workers = n }
}

// New returns a Merger keyed on the named column.
func New(key string, opts ...Option) *Merger {
	m := &Merger{key: key, comma: ',', workers: 4}
	for _, opt := range opts {
		opt(m)
	}
	return m
}

// Load reads and parses all sources concurrently and returns the tables in
// the order of sources. If any source fails, the errors of all failed
// sources are returned together once every source has been read.
func (m *Merger) Load(ctx context.Context, sources []Source) ([]*Table, error) {
	type loaded struct {
		i   int
		t   *Table
		err error
	}
	results := make(chan loaded)
	for i, src := range sources {
		go func() {
			t, err := m.parse(ctx, src)
			results <- loaded{i, t, err}
			if err == nil {
				m.loadedRows += len(t.Rows) // RACY
			}
		}()
	}
	tables := make([]*Table, len(sources))
	var errs []error
	for range sources {
		r := <-results
		if r.err != nil {
			errs = append(errs, r.err)
			continue
		}
		tables[r.i] = r.t
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return tables, nil
}

// LoadedRows returns the number of data rows read by Load so far.
func (m *Merger) LoadedRows() int { return m.loadedRows }

func (m *Merger) parse(ctx context.Context, src Source) (*Table, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rc, err := src.Open()
	if err != nil {
		return nil, fmt.Errorf("csvmerge: open %s: %w", src.Name(), err)
	}
	defer rc.Close()
	return ReadTable(src.Name(), rc, m.comma)
}

// Merge folds tables into one report ordered by key. The header is the key
// column followed by every other column in order of first appearance.
// Tables without the key column are rejected. A digest of the result is
// computed in the background.
func (m *Merger) Merge(tables []*Table) (*Table, error) {
	if len(tables) == 0 {
		return nil, errors.New("csvmerge: nothing to merge")
	}
	header := unionHeader(m.key, tables)
	groups := make(map[string][]string)
	var keys []string
	for _, t := range tables {
		kc := t.Column(m.key)
		if kc < 0 {
			return nil, fmt.Errorf("csvmerge: %s has no %q column", t.Name, m.key)
		}
		idx := columnIndex(header, t.Header)
		for _, row := range t.Rows {
			if kc >= len(row) || strings.TrimSpace(row[kc]) == "" {
				continue
			}
			key := strings.TrimSpace(row[kc])
			merged, ok := groups[key]
			if !ok {
				merged = make([]string, len(header))
				groups[key] = merged
				keys = append(keys, key)
			}
			m.fold(header, merged, row, idx)
		}
	}
	slices.Sort(keys)
	out := &Table{Name: "merged", Header: header, Rows: make([][]string, 0, len(keys))}
	for _, k := range keys {
		out.Rows = append(out.Rows, groups[k])
	}
	m.bg.Go(func() {
		m.digest = digestTable(out) // RACY
	})
	return out, nil
}

// Digest waits for the background work of the last Merge and returns a
// digest of the merged report. Equal reports have equal digests.
func (m *Merger) Digest() uint64 {
	m.bg.Wait()
	return m.digest
}

// Changed reports whether the last merged report differs from the report
// with digest prev, so that unchanged reports need not be uploaded again.
func (m *Merger) Changed(prev uint64) bool { return m.digest != prev }

// Close waits for background work started by Merge.
func (m *Merger) Close() { m.bg.Wait() }

// WriteReport writes t as CSV followed by a totals row for the sum columns.
func (m *Merger) WriteReport(w io.Writer, t *Table) error {
	totals := m.Totals(t)
	footer := make([]string, len(t.Header))
	footer[0] = "TOTAL"
	for _, tot := range totals {
		if c := t.Column(tot.Column); c > 0 {
			footer[c] = formatNumber(tot.Sum)
		}
	}
	report := &Table{Header: t.Header, Rows: append(slices.Clip(t.Rows), footer)}
	return WriteTable(w, report, m.comma)
}

func (m *Merger) fold(header, merged, row []string, idx []int) {
	for i, v := range row {
		if i >= len(idx) {
			break
		}
		c := idx[i]
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		if m.isSum(header[c]) {
			merged[c] = formatNumber(parseNumber(merged[c]) + parseNumber(v))
			continue
		}
		if merged[c] == "" {
			merged[c] = v
		}
	}
}

func (m *Merger) isSum(column string) bool {
	return slices.ContainsFunc(m.sums, func(s string) bool { return strings.EqualFold(s, column) })
}

func unionHeader(key string, tables []*Table) []string {
	header := []string{key}
	for _, t := range tables {
		for _, h := range t.Header {
			if !slices.ContainsFunc(header, func(x string) bool { return strings.EqualFold(x, h) }) {
				header = append(header, h)
			}
		}
	}
	return header
}

// columnIndex maps each column of sub to its position in header.
func columnIndex(header, sub []string) []int {
	idx := make([]int, len(sub))
	for i, h := range sub {
		idx[i] = slices.IndexFunc(header, func(x string) bool { return strings.EqualFold(x, h) })
	}
	return idx
}

// Totals adds up the sum columns of t.
func (m *Merger) Totals(t *Table) []Total {
	totals := make([]Total, 0, len(m.sums))
	for _, s := range m.sums {
		c := t.Column(s)
		if c < 0 {
			continue
		}
		tot := Total{Column: t.Header[c]}
		for _, row := range t.Rows {
			if c < len(row) {
				tot.Sum += parseNumber(row[c])
			}
		}
		totals = append(totals, tot)
	}
	return totals
}

func digestTable(t *Table) uint64 {
	h := fnv.New64a()
	write := func(fields []string, sep byte) {
		for _, f := range fields {
			h.Write([]byte(f))
			h.Write([]byte{0x1f})
		}
		h.Write([]byte{sep})
	}
	write(t.Header, 0x1e)
	for _, row := range t.Rows {
		write(row, 0x1e)
	}
	return h.Sum64()
}

func parseNumber(s string) float64 {
	s = strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	if s == "" {
		return 0
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0
	}
	return f
}

func formatNumber(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// Sniff guesses the field separator of every source concurrently.
func Sniff(ctx context.Context, sources []Source) ([]rune, error) {
	return par.Map(ctx, sources, 0, func(ctx context.Context, src Source) (rune, error) {
		rc, err := src.Open()
		if err != nil {
			return 0, err
		}
		defer rc.Close()
		return SniffComma(rc)
	})
}
