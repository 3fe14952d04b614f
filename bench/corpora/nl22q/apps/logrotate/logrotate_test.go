package logrotate

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

var base = time.Date(2024, 3, 10, 12, 0, 0, 0, time.UTC)

func logLines(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		b.WriteString(base.Add(time.Duration(i) * time.Second).Format(time.RFC3339))
		b.WriteString(" level=info msg=\"request served\" status=200 bytes=")
		b.WriteString(strconv.Itoa(512 + i))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func writeLog(t testing.TB, dir, name string, lines int, mod time.Time) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, logLines(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, mod, mod); err != nil {
		t.Fatal(err)
	}
	return p
}

func writeArchives(t testing.TB, dir, logName string, n int) {
	t.Helper()
	for i := range n {
		p := filepath.Join(dir, ArchiveName(logName, base.Add(-time.Duration(i)*time.Hour), 0))
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func countArchives(t testing.TB, dir string) int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if _, ok := ParseArchiveName(e.Name()); ok {
			n++
		}
	}
	return n
}

func testPolicy() Policy {
	return Policy{MaxSize: 1 << 10, MaxAge: time.Hour, Keep: 2, Suffix: ".log"}
}

func TestArchiveNameRoundTrip(t *testing.T) {
	for _, seq := range []int{0, 3, 12} {
		name := ArchiveName("api.log", base, seq)
		a, ok := ParseArchiveName(name)
		if !ok || a.Base != "api.log" || !a.Stamp.Equal(base) || a.Seq != seq {
			t.Fatalf("%s -> %+v, %v", name, a, ok)
		}
	}
	for _, bad := range []string{"api.log", "api.log.gz", "api.log.2024_x.gz", ".20240310-120000.gz"} {
		if _, ok := ParseArchiveName(bad); ok {
			t.Errorf("parsed %q", bad)
		}
	}
}

func TestPolicyDueAndExpired(t *testing.T) {
	p := testPolicy()
	cases := []struct {
		lf   LogFile
		want bool
	}{
		{LogFile{Size: 0, ModTime: base.Add(-48 * time.Hour)}, false},
		{LogFile{Size: 4096, ModTime: base}, true},
		{LogFile{Size: 10, ModTime: base.Add(-2 * time.Hour)}, true},
		{LogFile{Size: 10, ModTime: base.Add(-time.Minute)}, false},
	}
	for i, c := range cases {
		if got := p.Due(c.lf, base); got != c.want {
			t.Errorf("case %d: Due = %v", i, got)
		}
	}
	var archives []ArchiveFile
	for i := range 4 {
		a, _ := ParseArchiveName(ArchiveName("a.log", base.Add(time.Duration(i)*time.Hour), 0))
		archives = append(archives, a)
	}
	b, _ := ParseArchiveName(ArchiveName("b.log", base, 0))
	archives = append(archives, b)
	exp := p.Expired(archives)
	if len(exp) != 2 || !exp[0].Stamp.Equal(base) || exp[0].Base != "a.log" {
		t.Fatalf("expired = %+v", exp)
	}
}

func TestValidate(t *testing.T) {
	if err := (Policy{Suffix: ".log"}).Validate(); err == nil {
		t.Fatal("policy without triggers accepted")
	}
	if err := DefaultPolicy().Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := NewCompressor(42); err == nil {
		t.Fatal("level 42 accepted")
	}
}

func TestCompressFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	src := writeLog(t, dir, "app.log", 50, base)
	c, _ := NewCompressor(gzip.BestCompression)
	res := c.CompressFile(src, src+".gz")
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	data, name, err := Decompress(src + ".gz")
	if err != nil || name != "app.log" || !bytes.Equal(data, logLines(50)) {
		t.Fatalf("decompress: name=%q err=%v len=%d", name, err, len(data))
	}
	if res.Out >= res.In {
		t.Errorf("no compression: %d -> %d", res.In, res.Out)
	}
	if _, err := os.Stat(src); !os.IsNotExist(err) {
		t.Errorf("source still present: %v", err)
	}
}

func TestCompressAllFixedLevel(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 5 {
		paths = append(paths, writeLog(t, dir, "svc"+strconv.Itoa(i)+".log", 20, base))
	}
	c, _ := NewCompressor(gzip.BestSpeed)
	for _, r := range c.CompressAll(paths, 3)() {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if n := countArchives(t, dir); n != 0 {
		t.Fatalf("unexpected archive names: %d", n)
	}
}

func TestPipelineSettingsFixedAtStart(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 6 {
		paths = append(paths, writeLog(t, dir, "w"+strconv.Itoa(i)+".log", 20, base))
	}
	c, _ := NewCompressor(gzip.BestCompression)
	results := c.Pipeline(paths, 2)
	level := gzip.BestCompression
	n := 0
	for r := range results {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		n++
		level--
		if err := c.SetLevel(level); err != nil {
			t.Fatal(err)
		}
	}
	if n != len(paths) {
		t.Fatalf("results = %d", n)
	}
}

func TestRotateKeepsHistory(t *testing.T) {
	dir := t.TempDir()
	clock := base
	r, err := New(dir, testPolicy(), WithClock(func() time.Time { return clock }))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		writeLog(t, dir, "app.log", 10+i, base)
		if _, err := r.Rotate("app.log"); err != nil {
			t.Fatal(err)
		}
	}
	h := r.History()
	if len(h) != 2 || h[0].Path == h[1].Path || !strings.HasSuffix(h[1].Path, "_1.gz") {
		t.Fatalf("history = %+v", h)
	}
	if st := r.Status(); st.Rotations != 2 {
		t.Fatalf("status = %+v", st)
	}
}

func TestPruneAsyncReportsRemoved(t *testing.T) {
	dir := t.TempDir()
	writeArchives(t, dir, "app.log", 5)
	r, _ := New(dir, testPolicy())
	if err := <-r.PruneAsync(); err != nil {
		t.Fatal(err)
	}
	if st := r.Status(); st.Removed != 3 {
		t.Fatalf("status = %+v", st)
	}
	if n := countArchives(t, dir); n != 2 {
		t.Fatalf("archives left = %d", n)
	}
}

func TestRunSkipsFreshLogs(t *testing.T) {
	dir := t.TempDir()
	writeLog(t, dir, "old.log", 5, base.Add(-3*time.Hour))
	writeLog(t, dir, "fresh.log", 5, base)
	writeLog(t, dir, "notes.txt", 500, base.Add(-3*time.Hour))
	r, _ := New(dir, testPolicy(), WithClock(func() time.Time { return base }))
	rep, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rotated) != 1 || rep.Rotated[0].Log != "old.log" || len(rep.Skipped) != 1 {
		t.Fatalf("report = %+v", rep)
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Fatal(err)
	}
}
