package bounce

import (
	"sync"
	"testing"
	"time"
)

func TestClassify(t *testing.T) {
	c := NewClassifier()
	cases := []struct {
		raw  []byte
		want Category
		rule string
	}{
		{hardBounce("a@example.org"), Hard, "no-such-user"},
		{dsn("b@example.org", "5.1.2", "550 5.1.2 bad destination system"), Hard, "bad-domain"},
		{dsn("c@example.org", "5.2.2", "552 5.2.2 Mailbox full"), Quota, "mailbox-full"},
		{dsn("d@example.org", "5.7.1", "554 5.7.1 Service unavailable; client host blocked using zen.spamhaus.org"), Block, "spam-block"},
		{dsn("e@example.org", "5.7.26", "550 5.7.26 unauthenticated email is not accepted"), Block, "policy"},
		{dsn("f@example.org", "4.4.1", "421 4.4.1 connection timed out"), Soft, "transient"},
		{dsn("g@example.org", "4.7.0", "451 4.7.0 greylisted, try again later"), Soft, "greylisted"},
		{dsn("h@example.org", "5.3.0", "554 5.3.0 something odd"), Hard, "permanent"},
		{[]byte(freeformBounce), Quota, "mailbox-full"},
		{[]byte(outOfOffice), AutoReply, "auto-reply"},
	}
	for _, tc := range cases {
		m, err := Parse(tc.raw)
		if err != nil {
			t.Fatal(err)
		}
		v := c.Classify(m)
		if v.Category != tc.want || v.Rule != tc.rule {
			t.Errorf("%s: got %v/%s, want %v/%s", m.FinalRecipient, v.Category, v.Rule, tc.want, tc.rule)
		}
	}
}

func TestVersionDependsOnRules(t *testing.T) {
	a := NewClassifier().Version()
	b := NewClassifier(DefaultRules()[:3]...).Version()
	if a == "" || a == b {
		t.Errorf("versions %q and %q", a, b)
	}
	if a != NewClassifier().Version() {
		t.Error("version is not stable")
	}
}

func TestPreloadThenClassifyConcurrently(t *testing.T) {
	c := NewClassifier()
	c.Preload()
	m, err := Parse(hardBounce("zed@example.org"))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]Category, 4)
	for i := range got {
		wg.Go(func() { got[i] = c.Classify(m).Category })
	}
	wg.Wait()
	for i, cat := range got {
		if cat != Hard {
			t.Errorf("goroutine %d got %v", i, cat)
		}
	}
}

func TestPreloadBecomesReady(t *testing.T) {
	c := NewClassifier()
	c.Preload()
	deadline := time.Now().Add(2 * time.Second)
	for !c.Ready() {
		if time.Now().After(deadline) {
			t.Fatal("rules never compiled")
		}
		time.Sleep(time.Millisecond)
	}
	if c.Version() == "" {
		t.Error("empty version")
	}
}
