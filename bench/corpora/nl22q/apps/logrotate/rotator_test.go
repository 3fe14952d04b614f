package logrotate

import (
	"compress/gzip"
	"context"
	"strconv"
	"testing"
	"time"
)

func TestRunCompressesDueLogs(t *testing.T) {
	dir := t.TempDir()
	for i := range 6 {
		writeLog(t, dir, "svc"+strconv.Itoa(i)+".log", 40, base.Add(-2*time.Hour))
	}
	r, _ := New(dir, testPolicy(), WithWorkers(2), WithClock(func() time.Time { return base }))
	rep, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rotated) != 6 || len(rep.Failures) != 0 {
		t.Fatalf("report = %+v", rep)
	}
	if n := countArchives(t, dir); n != 6 {
		t.Fatalf("archives = %d", n)
	}
	if st := r.Status(); st.Rotations != 6 || st.BytesIn == 0 {
		t.Fatalf("status = %+v", st)
	}
}

func TestCompressAllWhileLoweringLevel(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 8 {
		paths = append(paths, writeLog(t, dir, "burst"+strconv.Itoa(i)+".log", 30, base))
	}
	c, _ := NewCompressor(gzip.BestCompression)
	wait := c.CompressAll(paths, 2)
	for level := gzip.BestCompression - 1; level >= gzip.BestSpeed; level -= 4 {
		if err := c.SetLevel(level); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range wait() {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
}

func TestPruneInBackground(t *testing.T) {
	dir := t.TempDir()
	writeArchives(t, dir, "app.log", 6)
	r, _ := New(dir, testPolicy())
	r.PruneInBackground()
	st := r.Status()
	time.Sleep(100 * time.Millisecond)
	if st.Removed > 4 {
		t.Fatalf("status = %+v", st)
	}
	if n := countArchives(t, dir); n != 2 {
		t.Fatalf("archives left = %d", n)
	}
}

func TestRotateAsyncRecordsHistory(t *testing.T) {
	dir := t.TempDir()
	writeLog(t, dir, "app.log", 25, base)
	r, _ := New(dir, testPolicy(), WithClock(func() time.Time { return base }))
	out := <-r.RotateAsync("app.log")
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	h := r.History()
	time.Sleep(20 * time.Millisecond)
	if len(h) > 1 {
		t.Fatalf("history = %+v", h)
	}
}
