package certd

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

type flakyIssuer struct {
	Issuer
	mu       sync.Mutex
	failures int
}

func (f *flakyIssuer) Issue(ctx context.Context, req Request, done func(Issued, error)) {
	f.mu.Lock()
	fail := f.failures > 0
	if fail {
		f.failures--
	}
	f.mu.Unlock()
	if fail {
		go done(Issued{}, errors.New("acme: too many requests"))
		return
	}
	f.Issuer.Issue(ctx, req, done)
}

func TestForceRenewReplacesCertificate(t *testing.T) {
	ca := newCA(t, 24*time.Hour)
	d := newDaemon(t, ca)
	if err := d.Track("web.internal"); err != nil {
		t.Fatal(err)
	}
	before := waitState(t, d, "web.internal", "valid")

	if err := d.ForceRenew("web.internal"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for {
		time.Sleep(5 * time.Millisecond)
		after, err := d.Status("web.internal")
		if err != nil {
			t.Fatal(err)
		}
		if after.Serial != before.Serial {
			if after.State != "valid" || !after.NotAfter.After(before.NotAfter.Add(-time.Second)) {
				t.Fatalf("before %+v after %+v", before, after)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("certificate was not replaced")
		}
	}
}

func TestRetryAfterIssuerFailure(t *testing.T) {
	ca := newCA(t, 24*time.Hour)
	issuer := &flakyIssuer{Issuer: ca, failures: 1}
	d := newDaemon(t, issuer, WithBackoff(30*time.Millisecond, time.Second))
	if err := d.Track("retry.internal"); err != nil {
		t.Fatal(err)
	}
	st := waitState(t, d, "retry.internal", "backoff")
	if st.LastErr == "" || st.Attempts != 1 {
		t.Fatalf("status = %+v", st)
	}
	time.Sleep(50 * time.Millisecond)

	st = waitState(t, d, "retry.internal", "valid")
	if st.Attempts != 0 || st.LastErr != "" {
		t.Fatalf("status = %+v", st)
	}
}

func TestInventoryShowsPausedDomains(t *testing.T) {
	ca := newCA(t, 24*time.Hour)
	d := newDaemon(t, ca)
	for _, dom := range []string{"a.internal", "b.internal"} {
		if err := d.Track(dom); err != nil {
			t.Fatal(err)
		}
		waitState(t, d, dom, "valid")
	}
	certs, err := d.Inventory()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Pause("b.internal"); err != nil {
		t.Fatal(err)
	}

	var buf bytes.Buffer
	var paused []string
	deadline := time.Now().Add(3 * time.Second)
	for len(paused) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("inventory:\n%s", buf.String())
		}
		time.Sleep(2 * time.Millisecond)
		buf.Reset()
		if err := WriteInventory(&buf, certs, time.Now()); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(buf.String(), "\n") {
			if strings.Contains(line, "paused") {
				paused = append(paused, strings.Fields(line)[0])
			}
		}
	}
	if len(paused) != 1 || paused[0] != "b.internal" {
		t.Fatalf("inventory:\n%s", buf.String())
	}
}

func TestMetricsCountRenewals(t *testing.T) {
	ca := newCA(t, 24*time.Hour)
	d := newDaemon(t, ca)
	sink := &recordingSink{}
	stop := d.StartMetrics(sink, 2*time.Millisecond)
	defer stop()
	if err := d.Track("m.internal"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for sink.get("certd_renewals_total") != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("renewals gauge = %v", sink.get("certd_renewals_total"))
		}
		time.Sleep(2 * time.Millisecond)
	}
	if got := sink.get("certd_failures_total"); got != 0 {
		t.Fatalf("failures gauge = %v", got)
	}
}
