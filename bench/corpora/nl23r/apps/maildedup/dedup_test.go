package maildedup

import (
	"context"
	"testing"
	"time"
)

func TestFindGroupsDuplicates(t *testing.T) {
	d := NewDeduper(KeepPreferredMailbox, "Archive", "INBOX")
	r, err := d.Find(context.Background(), parsedFixture())
	if err != nil {
		t.Fatal(err)
	}
	if r.Unique != 4 || r.Duplicates != 2 || len(r.Groups) != 2 || d.Duplicates() != 2 {
		t.Fatalf("report = %+v", r)
	}
	if r.Groups[0].Keep.Mailbox != "Archive" {
		t.Fatalf("kept %q", r.Groups[0].Keep.Mailbox)
	}
	if r.Groups[1].Keep.Mailbox != "INBOX" {
		t.Fatalf("kept %q", r.Groups[1].Keep.Mailbox)
	}
}

func TestStartBackgroundSearch(t *testing.T) {
	d := NewDeduper(KeepOldest)
	<-d.Start(context.Background(), parsedFixture())
	r, err := d.Last()
	if err != nil || r.Duplicates != 2 {
		t.Fatalf("report=%+v err=%v", r, err)
	}
	time.Sleep(20 * time.Millisecond)
	if d.Runs() > 1 {
		t.Fatalf("runs = %d", d.Runs())
	}
}

func TestStreamDuplicateGroups(t *testing.T) {
	groups := 0
	for g := range Stream(context.Background(), parsedFixture()) {
		if len(g) != 2 {
			t.Fatalf("group size %d", len(g))
		}
		groups++
	}
	if groups != 2 {
		t.Fatalf("groups = %d", groups)
	}
}

func TestSurveyTotals(t *testing.T) {
	s := NewSurvey(150)
	if err := s.Run(context.Background(), parsedFixture()); err != nil {
		t.Fatal(err)
	}
	msgs, _, bytes := s.Totals()
	if msgs != 6 || bytes <= 0 {
		t.Fatalf("msgs=%d bytes=%d", msgs, bytes)
	}
	if s.PerMailbox()["INBOX"] != 3 {
		t.Fatalf("per mailbox = %v", s.PerMailbox())
	}
}
