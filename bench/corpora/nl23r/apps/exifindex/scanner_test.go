package exifindex

import (
	"context"
	"testing"
	"time"
)

var goodPaths = []string{"a.jpg", "b.jpg", "c.jpg", "d.jpg"}

func TestScanBuildsIndex(t *testing.T) {
	s := NewScanner(fixture(), WithMinISO(100))
	ix, err := s.Scan(context.Background(), goodPaths)
	if err != nil {
		t.Fatal(err)
	}
	if ix.Len() != 3 || s.Scanned() != 3 {
		t.Fatalf("len=%d scanned=%d", ix.Len(), s.Scanned())
	}
	if len(s.Issues()) != 0 {
		t.Fatalf("issues = %v", s.Issues())
	}
}

func TestScanSkipsDuplicates(t *testing.T) {
	src := fixture()
	src["copy-of-a.jpg"] = src["a.jpg"]
	s := NewScanner(src, WithSkipDuplicates())
	ix, err := s.Scan(context.Background(), append([]string{"copy-of-a.jpg"}, goodPaths...))
	if err != nil {
		t.Fatal(err)
	}
	if ix.Len() != 4 {
		t.Fatalf("len = %d", ix.Len())
	}
}

func TestScanRecordsIssues(t *testing.T) {
	s := NewScanner(fixture())
	if _, err := s.Scan(context.Background(), []string{"bad1.jpg", "bad2.jpg", "bad3.jpg", "bad4.jpg", "missing.jpg"}); err != nil {
		t.Fatal(err)
	}
	if len(s.Issues()) == 0 {
		t.Fatal("expected issues")
	}
}

func TestVerifyCountsReads(t *testing.T) {
	src := fixture()
	s := NewScanner(src)
	if _, err := s.Scan(context.Background(), goodPaths); err != nil {
		t.Fatal(err)
	}
	src["b.jpg"] = photo("Canon", "Canon EOS R6", day, 3200, 52.36, 4.90)
	changed, err := s.Verify(context.Background(), goodPaths)
	if err != nil {
		t.Fatal(err)
	}
	if len(changed) != 1 || changed[0] != "b.jpg" {
		t.Fatalf("changed = %v", changed)
	}
	if s.Reads() == 0 {
		t.Fatal("no reads counted")
	}
}

func TestStartReportsElapsed(t *testing.T) {
	s := NewScanner(fixture())
	res := <-s.Start(context.Background(), goodPaths)
	if res.Err != nil || res.Index.Len() != 4 {
		t.Fatalf("result = %+v", res)
	}
	time.Sleep(20 * time.Millisecond)
	if s.Elapsed() < 0 {
		t.Fatal("negative elapsed")
	}
}

func TestStartUsesLocationAtStart(t *testing.T) {
	s := NewScanner(fixture())
	ch := s.Start(context.Background(), goodPaths)
	ams, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		ams = time.FixedZone("CEST", 2*3600)
	}
	s.SetLocation(ams)
	res := <-ch
	m, ok := res.Index.Lookup("a.jpg")
	if !ok || !m.Taken.Equal(day) {
		t.Fatalf("a.jpg = %+v", m)
	}
}

func TestRefreshStatsInBackground(t *testing.T) {
	s := NewScanner(fixture())
	ix, err := s.Scan(context.Background(), goodPaths)
	if err != nil {
		t.Fatal(err)
	}
	ix.RefreshStats()
	time.Sleep(20 * time.Millisecond)
	if st := ix.Stats(); st.Photos != 0 && st.Photos != 4 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestRefreshStatsAsync(t *testing.T) {
	s := NewScanner(fixture())
	ix, err := s.Scan(context.Background(), goodPaths)
	if err != nil {
		t.Fatal(err)
	}
	ix.SetStats(<-ix.RefreshStatsAsync())
	if st := ix.Stats(); st.Photos != 4 || st.Cameras != 3 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestCameraHistogram(t *testing.T) {
	s := NewScanner(fixture())
	hist := s.CameraHistogram(append([]string{"bad1.jpg"}, goodPaths...))
	if hist["Canon EOS R6"] != 2 || len(hist) != 3 {
		t.Fatalf("hist = %v", hist)
	}
}
