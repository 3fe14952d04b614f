package csvmerge

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"example.com/corpus/trial-nl20o/internal/par"
)

// Problem is one defect found by Validate.
type Problem struct {
	Table  string
	Line   int
	Column string
	Msg    string
}

func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.Table)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
	}
	if p.Column != "" {
		fmt.Fprintf(&b, " [%s]", p.Column)
	}
	b.WriteString(": ")
	b.WriteString(p.Msg)
	return b.String()
}

// Validate checks every table in parallel and returns the problems of each
// table at the same index: ragged rows, missing or duplicate keys and sum
// columns that do not hold numbers.
func (m *Merger) Validate(tables []*Table) [][]Problem {
	problems := make([][]Problem, len(tables))
	wait := par.ForEach(len(tables), m.workers, func(i int) {
		problems[i] = m.validateTable(tables[i])
	})
	wait()
	return problems
}

// Checked returns the number of rows Validate has looked at.
func (m *Merger) Checked() int { return m.checked }

type rowContext struct {
	table   *Table
	keyCol  int
	sumCols []int
	seen    map[string]int
}

func (m *Merger) validateTable(t *Table) []Problem {
	kc := t.Column(m.key)
	if kc < 0 {
		return []Problem{{Table: t.Name, Line: 1, Column: m.key, Msg: "key column missing"}}
	}
	rc := rowContext{table: t, keyCol: kc, seen: make(map[string]int)}
	for _, s := range m.sums {
		if c := t.Column(s); c >= 0 {
			rc.sumCols = append(rc.sumCols, c)
		}
	}
	var out []Problem
	for i, row := range t.Rows {
		out = append(out, m.checkRow(&rc, i+2, row)...)
	}
	return out
}

func (m *Merger) checkRow(rc *rowContext, line int, row []string) []Problem {
	m.checked++ // RACY
	t := rc.table
	var ps []Problem
	report := func(col, msg string) {
		ps = append(ps, Problem{Table: t.Name, Line: line, Column: col, Msg: msg})
	}
	if len(row) != len(t.Header) {
		report("", fmt.Sprintf("%d fields, header has %d", len(row), len(t.Header)))
	}
	key := ""
	if rc.keyCol < len(row) {
		key = strings.TrimSpace(row[rc.keyCol])
	}
	switch first, dup := rc.seen[key]; {
	case key == "":
		report(t.Header[rc.keyCol], "empty key")
	case dup:
		report(t.Header[rc.keyCol], fmt.Sprintf("duplicate key %q, first on line %d", key, first))
	default:
		rc.seen[key] = line
	}
	for _, c := range rc.sumCols {
		if c >= len(row) {
			continue
		}
		v := strings.ReplaceAll(strings.TrimSpace(row[c]), "_", "")
		if v == "" {
			continue
		}
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			report(t.Header[c], fmt.Sprintf("%q is not a number", row[c]))
		}
	}
	return ps
}

// Profile describes the shape of one table.
type Profile struct {
	Table   string
	Rows    int
	Keys    int
	Columns int
	Empty   int
}

// Profiles computes a profile of every table concurrently and returns them
// in the order of tables.
func Profiles(tables []*Table, key string) []Profile {
	type indexed struct {
		i int
		p Profile
	}
	results := make(chan indexed)
	for i, t := range tables {
		go func() { results <- indexed{i, profile(t, key)} }()
	}
	out := make([]Profile, len(tables))
	for range tables {
		r := <-results
		out[r.i] = r.p
	}
	return out
}

func profile(t *Table, key string) Profile {
	p := Profile{Table: t.Name, Rows: len(t.Rows), Columns: len(t.Header)}
	kc := t.Column(key)
	keys := make(map[string]bool)
	for _, row := range t.Rows {
		for i, v := range row {
			if strings.TrimSpace(v) == "" {
				p.Empty++
			} else if i == kc {
				keys[v] = true
			}
		}
	}
	p.Keys = len(keys)
	return p
}

// ExportAsync writes a snapshot of t to w in the background and reports the
// outcome on the returned channel. The caller may keep changing t.
func ExportAsync(w io.Writer, t *Table, comma rune) <-chan error {
	snap := t.Clone()
	errc := make(chan error, 1)
	go func() {
		errc <- WriteTable(w, snap, comma)
	}()
	return errc
}
