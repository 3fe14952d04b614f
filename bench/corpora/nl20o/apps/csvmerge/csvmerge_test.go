package csvmerge

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

const (
	northCSV = `sku,name,units,revenue
A-1,Widget,10,100.5
B-2,Gadget,3,45
C-3,Doohickey,1,9.99
`
	southCSV = `SKU, units, revenue, warehouse
B-2, 2, 30, S1
A-1, 5, 50.25, S2
D-4, 7, 70, S1
`
	westCSV = "sku;units;revenue\nA-1;1;10\nE-5;2;20\n"
)

func sources() []Source {
	return []Source{
		StringSource("north.csv", northCSV),
		StringSource("south.csv", southCSV),
		StringSource("east.csv", "sku,units,revenue\nC-3,4,39.96\nF-6,1,5\n"),
	}
}

// slowSource delays Open like a report fetched over the network.
type slowSource struct {
	Source
	delay time.Duration
}

func (s slowSource) Open() (io.ReadCloser, error) {
	time.Sleep(s.delay)
	return s.Source.Open()
}

func mustRead(t *testing.T, name, data string) *Table {
	t.Helper()
	tbl, err := ReadTable(name, strings.NewReader(data), ',')
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

func TestReadTable(t *testing.T) {
	tbl := mustRead(t, "south", "\ufeff"+southCSV+"\n\n")
	if !slices.Equal(tbl.Header, []string{"SKU", "units", "revenue", "warehouse"}) {
		t.Fatalf("header = %q", tbl.Header)
	}
	if len(tbl.Rows) != 3 || tbl.Value(2, "sku") != "D-4" || tbl.Value(0, "Warehouse") != "S1" {
		t.Fatalf("rows = %q", tbl.Rows)
	}
	if tbl.Value(9, "sku") != "" || tbl.Value(0, "nope") != "" {
		t.Fatal("Value out of range returned data")
	}
	if _, err := ReadTable("empty", strings.NewReader(""), ','); !errors.Is(err, ErrNoHeader) {
		t.Fatalf("empty input: %v", err)
	}
	if _, err := ReadTable("bad", strings.NewReader("a,b\n\"x,y\n"), ','); err == nil {
		t.Fatal("bad quoting accepted")
	}
}

func TestSniff(t *testing.T) {
	fsys := fstest.MapFS{"west.csv": {Data: []byte(westCSV)}}
	srcs := append(sources(), FileSource{FS: fsys, Path: "west.csv"}, StringSource("tabs", "a\tb\tc\n1\t2\t3\n"))
	got, err := Sniff(context.Background(), srcs)
	if err != nil {
		t.Fatal(err)
	}
	if want := []rune{',', ',', ',', ';', '\t'}; !slices.Equal(got, want) {
		t.Fatalf("Sniff = %q, want %q", got, want)
	}
	if _, err := Sniff(context.Background(), []Source{FileSource{FS: fsys, Path: "missing.csv"}}); err == nil {
		t.Fatal("missing file sniffed")
	}
}

func TestLoadParsesAllSources(t *testing.T) {
	srcs := sources()
	for i := range srcs {
		srcs[i] = slowSource{Source: srcs[i], delay: time.Millisecond}
	}
	m := New("sku")
	tables, err := m.Load(context.Background(), srcs)
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) != 3 || tables[0].Name != "north.csv" || tables[2].Name != "east.csv" {
		t.Fatalf("tables = %v", tables)
	}
	deadline := time.Now().Add(2 * time.Second)
	for m.LoadedRows() < 8 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := m.LoadedRows(); n < 2 || n > 8 {
		t.Fatalf("LoadedRows = %d", n)
	}
}

func TestLoadReportsBrokenSources(t *testing.T) {
	fsys := fstest.MapFS{}
	_, err := New("sku").Load(context.Background(), []Source{
		StringSource("ok", northCSV),
		FileSource{FS: fsys, Path: "gone.csv"},
	})
	if err == nil || !strings.Contains(err.Error(), "gone.csv") {
		t.Fatalf("err = %v", err)
	}
}

func TestMergeFoldsRows(t *testing.T) {
	tables := []*Table{mustRead(t, "north", northCSV), mustRead(t, "south", southCSV)}
	m := New("sku", WithSums("units", "revenue"))
	defer m.Close()
	out, err := m.Merge(tables)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out.Header, []string{"sku", "name", "units", "revenue", "warehouse"}) {
		t.Fatalf("header = %q", out.Header)
	}
	want := [][]string{
		{"A-1", "Widget", "15", "150.75", "S2"},
		{"B-2", "Gadget", "5", "75", "S1"},
		{"C-3", "Doohickey", "1", "9.99", ""},
		{"D-4", "", "7", "70", "S1"},
	}
	if !slices.EqualFunc(out.Rows, want, slices.Equal) {
		t.Fatalf("rows = %q", out.Rows)
	}
	if _, err := m.Merge([]*Table{mustRead(t, "x", "id,units\n1,2\n")}); err == nil {
		t.Fatal("table without key merged")
	}
}

func TestWriteReportAddsTotals(t *testing.T) {
	tables := []*Table{mustRead(t, "north", northCSV), mustRead(t, "south", southCSV)}
	m := New("sku", WithSums("units", "revenue", "missing"))
	defer m.Close()
	out, err := m.Merge(tables)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Totals(out), []Total{{"units", 28}, {"revenue", 305.74}}; !slices.Equal(got, want) {
		t.Fatalf("Totals = %v, want %v", got, want)
	}
	var buf bytes.Buffer
	if err := m.WriteReport(&buf, out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 6 || lines[5] != "TOTAL,,28,305.74," {
		t.Fatalf("report:\n%s", buf.String())
	}
}

func TestChangedSkipsIdenticalReport(t *testing.T) {
	m := New("sku", WithSums("units", "revenue"))
	if _, err := m.Merge([]*Table{mustRead(t, "north", northCSV), mustRead(t, "south", southCSV)}); err != nil {
		t.Fatal(err)
	}
	uploaded := m.Digest()
	if _, err := m.Merge([]*Table{mustRead(t, "north", northCSV), mustRead(t, "south", southCSV)}); err != nil {
		t.Fatal(err)
	}
	if m.Changed(uploaded) {
		t.Error("identical report reported as changed")
	}
	m.Close()
}

func TestDigestWaitsForMerge(t *testing.T) {
	m := New("sku", WithSums("revenue"))
	if _, err := m.Merge([]*Table{mustRead(t, "north", northCSV)}); err != nil {
		t.Fatal(err)
	}
	first := m.Digest()
	if _, err := m.Merge([]*Table{mustRead(t, "north", northCSV), mustRead(t, "east", "sku,revenue\nZ-1,1\n")}); err != nil {
		t.Fatal(err)
	}
	second := m.Digest()
	if first == 0 || first == second || !m.Changed(first) || m.Changed(second) {
		t.Fatalf("digests %x, %x", first, second)
	}
}

func TestValidateFindsProblems(t *testing.T) {
	tables := []*Table{
		mustRead(t, "north", northCSV),
		mustRead(t, "bad", "sku,units\nA-1,3\nA-1,x\n,4\nB-2\n"),
		mustRead(t, "nokey", "id,units\n1,2\n"),
		mustRead(t, "south", southCSV),
	}
	m := New("sku", WithSums("units"), WithWorkers(2))
	problems := m.Validate(tables)
	if len(problems[0]) != 0 || len(problems[3]) != 0 {
		t.Fatalf("clean tables reported: %v", problems)
	}
	var msgs []string
	for _, p := range problems[1] {
		msgs = append(msgs, p.String())
	}
	want := []string{
		`bad:3 [sku]: duplicate key "A-1", first on line 2`,
		`bad:3 [units]: "x" is not a number`,
		`bad:4 [sku]: empty key`,
		`bad:5: 1 fields, header has 2`,
	}
	if !slices.Equal(msgs, want) {
		t.Fatalf("problems:\n%s", strings.Join(msgs, "\n"))
	}
	if len(problems[2]) != 1 || problems[2][0].Msg != "key column missing" {
		t.Fatalf("nokey problems = %v", problems[2])
	}
}

func TestProfiles(t *testing.T) {
	tables := []*Table{mustRead(t, "north", northCSV), mustRead(t, "bad", "sku,units\nA-1,3\nA-1,\n")}
	got := Profiles(tables, "sku")
	want := []Profile{
		{Table: "north", Rows: 3, Keys: 3, Columns: 4},
		{Table: "bad", Rows: 2, Keys: 1, Columns: 2, Empty: 1},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Profiles = %+v", got)
	}
}

func TestExportAsyncUsesSnapshot(t *testing.T) {
	tbl := mustRead(t, "north", northCSV)
	var buf bytes.Buffer
	errc := ExportAsync(&buf, tbl, ';')
	tbl.Rows[0][1] = "Renamed"
	tbl.Rows = append(tbl.Rows, []string{"Z-9", "Late", "1", "1"})
	tbl.Header[0] = "id"
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	want := "sku;name;units;revenue\nA-1;Widget;10;100.5\nB-2;Gadget;3;45\nC-3;Doohickey;1;9.99\n"
	if buf.String() != want {
		t.Fatalf("exported:\n%s", buf.String())
	}
}

func TestWriteTableRoundTrip(t *testing.T) {
	tbl := mustRead(t, "north", northCSV)
	var buf bytes.Buffer
	if err := WriteTable(&buf, tbl, '|'); err != nil {
		t.Fatal(err)
	}
	back, err := ReadTable("again", &buf, '|')
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Header, tbl.Header) || !slices.EqualFunc(back.Rows, tbl.Rows, slices.Equal) {
		t.Fatalf("round trip changed the table: %v", back)
	}
	if c := tbl.Clone(); &c.Rows[0][0] == &tbl.Rows[0][0] {
		t.Fatal("Clone shares rows")
	}
}
