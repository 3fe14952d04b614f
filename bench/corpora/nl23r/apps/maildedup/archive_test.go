package maildedup

import (
	"context"
	"sync"
	"testing"
	"time"
)

func TestImport(t *testing.T) {
	a := NewArchive(WithMaxSize(4096))
	n, err := a.Import(context.Background(), &sliceSource{msgs: mailboxFixture()})
	if err != nil {
		t.Fatal(err)
	}
	if n != 6 || a.Progress().Skipped != 1 {
		t.Fatalf("n=%d progress=%+v", n, a.Progress())
	}
	if got := a.Mailboxes(); len(got) != 3 || got[0] != "Archive" {
		t.Fatalf("mailboxes = %v", got)
	}
	if len(a.Mailbox("INBOX")) != 3 {
		t.Fatalf("INBOX = %d", len(a.Mailbox("INBOX")))
	}
}

func TestImportReportsProgress(t *testing.T) {
	var (
		mu      sync.Mutex
		reports []Progress
	)
	a := NewArchive(WithProgress(time.Millisecond, func(p Progress) {
		mu.Lock()
		reports = append(reports, p)
		mu.Unlock()
	}))
	var msgs []rawMsg
	for range 5 {
		msgs = append(msgs, mailboxFixture()...)
	}
	if _, err := a.Import(context.Background(), &sliceSource{msgs: msgs, delay: time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(reports) == 0 || reports[len(reports)-1].Messages != 30 {
		t.Fatalf("reports = %v", reports)
	}
}
