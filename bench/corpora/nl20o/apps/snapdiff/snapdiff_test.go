package snapdiff

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"maps"
	"slices"
	"testing"
	"testing/fstest"
	"time"
)

func tree() fstest.MapFS {
	return fstest.MapFS{
		"docs/report.txt":  {Data: []byte("quarterly numbers: up")},
		"docs/notes.md":    {Data: []byte("# notes\n- call the bank\n")},
		"photos/cat.jpg":   {Data: []byte("\xff\xd8cat pixels")},
		"photos/dog.jpg":   {Data: []byte("\xff\xd8dog pixels")},
		"src/main.go":      {Data: []byte("package main\n\nfunc main() {}\n")},
		"src/util.go":      {Data: []byte("package main\n")},
		"tmp/cache.tmp":    {Data: []byte("scratch")},
		".git/HEAD":        {Data: []byte("ref: refs/heads/main\n")},
		"video/big.bin":    {Data: bytes.Repeat([]byte{7}, 4096)},
		"video/empty.mark": {Data: nil},
	}
}

func sum(data string) string {
	s := sha256.Sum256([]byte(data))
	return hex.EncodeToString(s[:])
}

func paths(s *Snapshot) []string {
	var out []string
	for _, e := range s.Entries {
		out = append(out, e.Path)
	}
	return out
}

func newScanner(opts ...Option) *Scanner {
	return NewScanner(append([]Option{WithExclude("*.tmp", ".git")}, opts...)...)
}

func TestSnapshotHashesFiles(t *testing.T) {
	s := newScanner(WithWorkers(3), WithHashLimit(1024))
	snap, err := s.Snapshot(context.Background(), tree(), "s1")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"docs/notes.md", "docs/report.txt", "photos/cat.jpg", "photos/dog.jpg", "src/main.go", "src/util.go", "video/big.bin", "video/empty.mark"}
	if got := paths(snap); !slices.Equal(got, want) {
		t.Fatalf("paths = %q", got)
	}
	e, ok := snap.Lookup("docs/report.txt")
	if !ok || e.Sum != sum("quarterly numbers: up") || e.Size != 21 {
		t.Fatalf("report entry = %+v", e)
	}
	if e, _ := snap.Lookup("video/big.bin"); e.Sum != "" || e.Size != 4096 {
		t.Fatalf("big file entry = %+v", e)
	}
	if _, ok := snap.Lookup("tmp/cache.tmp"); ok {
		t.Fatal("excluded file in snapshot")
	}
	if snap.TotalSize() != 4096+21+24+12+12+29+13 {
		t.Fatalf("TotalSize = %d", snap.TotalSize())
	}
	if d := snap.Dirs(); d["video"] != 4096 || d["."] != snap.TotalSize() {
		t.Fatalf("Dirs = %v", d)
	}
}

func TestDiffClassifiesChanges(t *testing.T) {
	s := newScanner(WithWorkers(2))
	ctx := context.Background()
	before := tree()
	old, err := s.Snapshot(ctx, before, "old")
	if err != nil {
		t.Fatal(err)
	}
	after := maps.Clone(before)
	after["archive/cat.jpg"] = after["photos/cat.jpg"]
	delete(after, "photos/cat.jpg")
	delete(after, "src/util.go")
	after["docs/report.txt"] = &fstest.MapFile{Data: []byte("quarterly numbers: down")}
	after["src/extra.go"] = &fstest.MapFile{Data: []byte("package main // new\n")}
	after["tmp/other.tmp"] = &fstest.MapFile{Data: []byte("ignored")}
	cur, err := s.Snapshot(ctx, after, "new")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range Diff(old, cur) {
		got = append(got, c.String())
	}
	want := []string{
		"renamed photos/cat.jpg -> archive/cat.jpg",
		"modified docs/report.txt",
		"added src/extra.go",
		"removed src/util.go",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Diff = %q", got)
	}
	sum := Summarize(Diff(old, cur))
	if sum != (Summary{Added: 1, Removed: 1, Modified: 1, Renamed: 1, UploadBytes: 23 + 20}) {
		t.Fatalf("Summary = %+v", sum)
	}
	if len(Diff(cur, cur)) != 0 {
		t.Fatal("snapshot differs from itself")
	}
}

func TestCompareReportsDirectoryDeltas(t *testing.T) {
	s := newScanner(WithWorkers(2))
	ctx := context.Background()
	before := tree()
	old, err := s.Snapshot(ctx, before, "old")
	if err != nil {
		t.Fatal(err)
	}
	after := maps.Clone(before)
	delete(after, "video/big.bin")
	after["docs/new.txt"] = &fstest.MapFile{Data: []byte("12345")}
	cur, err := s.Snapshot(ctx, after, "new")
	if err != nil {
		t.Fatal(err)
	}
	r := Compare(old, cur)
	if len(r.Changes) != 2 {
		t.Fatalf("changes = %v", r.Changes)
	}
	want := []DirDelta{{".", 5 - 4096}, {"docs", 5}, {"video", -4096}}
	if !slices.Equal(r.Dirs, want) {
		t.Fatalf("Dirs = %v", r.Dirs)
	}
}

func TestSnapshotAsyncUsesSettingsAtCall(t *testing.T) {
	s := newScanner(WithWorkers(2))
	results := s.SnapshotAsync(context.Background(), tree(), "async")
	s.SetHashLimit(100)
	r := <-results
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if e, _ := r.Snapshot.Lookup("video/big.bin"); e.Sum == "" {
		t.Fatal("big file not hashed although the limit was set afterwards")
	}
	later, err := s.Snapshot(context.Background(), tree(), "later")
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := later.Lookup("video/big.bin"); e.Sum != "" {
		t.Fatal("new limit ignored")
	}
}

func TestWatchTreeUnchangedAfterLimitChange(t *testing.T) {
	s := newScanner(WithWorkers(2))
	ctx, cancel := context.WithCancel(context.Background())
	changes := s.Watch(ctx, tree(), 2*time.Millisecond)
	s.SetHashLimit(1024)
	time.AfterFunc(25*time.Millisecond, cancel)
	for c := range changes {
		t.Errorf("unexpected changes: %v", c)
	}
}

func TestVerifyDetectsCorruption(t *testing.T) {
	s := newScanner(WithWorkers(3))
	fsys := tree()
	snap, err := s.Snapshot(context.Background(), fsys, "base")
	if err != nil {
		t.Fatal(err)
	}
	damaged := maps.Clone(fsys)
	damaged["photos/dog.jpg"] = &fstest.MapFile{Data: []byte("\xff\xd8dog pixelz")}
	delete(damaged, "src/util.go")
	results := s.Verify(damaged, snap)
	for i, r := range results {
		if r.Path != snap.Entries[i].Path {
			t.Fatalf("result %d is for %s", i, r.Path)
		}
		switch r.Path {
		case "photos/dog.jpg":
			if r.OK || r.Err != nil {
				t.Errorf("%s: %+v", r.Path, r)
			}
		case "src/util.go":
			if r.OK || r.Err == nil {
				t.Errorf("%s: %+v", r.Path, r)
			}
		default:
			if !r.OK {
				t.Errorf("%s: %+v", r.Path, r)
			}
		}
	}
	st := s.Stats()
	if !slices.Equal(st.Mismatched, []string{"photos/dog.jpg"}) || !slices.Equal(st.Missing, []string{"src/util.go"}) {
		t.Fatalf("stats = %+v", st)
	}
	if st.Files != 7 || st.Bytes != snap.TotalSize()-13 {
		t.Fatalf("files=%d bytes=%d", st.Files, st.Bytes)
	}
}

func TestCatalog(t *testing.T) {
	c := NewCatalog()
	base := time.Date(2024, 3, 1, 2, 0, 0, 0, time.UTC)
	for i, id := range []string{"mon", "wed", "tue"} {
		day := map[string]int{"mon": 0, "tue": 1, "wed": 2}[id]
		c.Add(&Snapshot{ID: id, Taken: base.Add(time.Duration(day) * 24 * time.Hour), Entries: []Entry{{Path: "a", Size: int64(i + 1), Sum: id}}})
	}
	var ids []string
	for _, info := range c.List() {
		ids = append(ids, info.ID)
	}
	if !slices.Equal(ids, []string{"mon", "tue", "wed"}) {
		t.Fatalf("List = %v", ids)
	}
	ch, err := c.Changes("mon", "wed")
	if err != nil || len(ch) != 1 || ch[0].Kind != Modified {
		t.Fatalf("Changes = %v, %v", ch, err)
	}
	if _, err := c.Changes("mon", "sun"); !errors.Is(err, ErrUnknownSnapshot) {
		t.Fatalf("unknown id: %v", err)
	}
}

func TestPruneKeepsNewest(t *testing.T) {
	c := NewCatalog()
	base := time.Date(2024, 3, 1, 2, 0, 0, 0, time.UTC)
	for i := range 5 {
		c.Add(&Snapshot{ID: string(rune('a' + i)), Taken: base.Add(time.Duration(i) * time.Hour)})
	}
	if err := <-c.Prune(context.Background(), 2); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for c.Pruned() != 3 {
		if time.Now().After(deadline) {
			t.Fatalf("Pruned = %d", c.Pruned())
		}
		time.Sleep(time.Millisecond)
	}
	list := c.List()
	if len(list) != 2 || list[0].ID != "d" || list[1].ID != "e" {
		t.Fatalf("List = %v", list)
	}
}

func TestPruneRejectsKeepingNothing(t *testing.T) {
	c := NewCatalog()
	c.Add(&Snapshot{ID: "only"})
	if err := <-c.Prune(context.Background(), 0); err == nil {
		t.Fatal("keep=0 accepted")
	}
	if len(c.List()) != 1 {
		t.Fatal("snapshot dropped")
	}
}
