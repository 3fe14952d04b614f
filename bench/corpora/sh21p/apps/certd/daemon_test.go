package certd

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"example.com/corpus/trial-sh21p/internal/loop"
)

func newCA(t *testing.T, validity time.Duration) *LocalCA {
	t.Helper()
	ca, err := NewLocalCA("test root", validity, 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ca.Close)
	return ca
}

func newDaemon(t *testing.T, issuer Issuer, opts ...Option) *Daemon {
	t.Helper()
	d := New(issuer, append([]Option{WithScanEvery(0)}, opts...)...)
	d.Start()
	t.Cleanup(d.Stop)
	return d
}

func waitState(t *testing.T, d *Daemon, domain, state string) CertStatus {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		s, err := d.Status(domain)
		if err == nil && s.State == state {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: state %q (err %v), want %q", domain, s.State, err, state)
		}
		time.Sleep(time.Millisecond)
	}
}

// certificate returns a copy of the certificate currently held for domain.
func (d *Daemon) certificate(domain string) (Issued, error) {
	type result struct {
		iss Issued
		ok  bool
	}
	res, err := loop.Call(d.loop, func() result {
		c, ok := d.certs[domain]
		if !ok {
			return result{}
		}
		return result{c.Current, true}
	})
	if err != nil {
		return Issued{}, err
	}
	if !res.ok {
		return Issued{}, ErrUnknownDomain
	}
	return res.iss, nil
}

type recordingSink struct {
	mu   sync.Mutex
	last map[string]float64
}

func (s *recordingSink) Gauge(name string, v float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		s.last = make(map[string]float64)
	}
	s.last[name] = v
}

func (s *recordingSink) get(name string) float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last[name]
}

func TestValidateName(t *testing.T) {
	for _, ok := range []string{"example.com", "a-b.internal", "*.svc.cluster"} {
		if err := validateName(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "UPPER.com", "a..b", "sp ace.com", strings.Repeat("x", 64) + ".com"} {
		if validateName(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestBackoff(t *testing.T) {
	lo, hi := time.Second, 10*time.Second
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 10 * time.Second, 10 * time.Second}
	for i, w := range want {
		if got := backoff(i+1, lo, hi); got != w {
			t.Errorf("attempt %d: %v, want %v", i+1, got, w)
		}
	}
}

func TestTrackIssuesVerifiableCertificate(t *testing.T) {
	ca := newCA(t, 24*time.Hour)
	d := newDaemon(t, ca)
	if err := d.Track("api.internal", "api-v2.internal"); err != nil {
		t.Fatal(err)
	}
	if err := d.Track("api.internal"); !errors.Is(err, ErrTracked) {
		t.Fatalf("second track: %v", err)
	}
	st := waitState(t, d, "api.internal", "valid")
	if st.Serial == "" || st.Attempts != 0 {
		t.Fatalf("status = %+v", st)
	}
	iss, err := d.certificate("api.internal")
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode([]byte(iss.PEM))
	if block == nil {
		t.Fatal("no PEM block")
	}
	leaf, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := leaf.Verify(x509.VerifyOptions{DNSName: "api-v2.internal", Roots: ca.Roots()}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Status("nope.internal"); !errors.Is(err, ErrUnknownDomain) {
		t.Fatalf("unknown domain: %v", err)
	}
}

func TestScheduledScanRenewsExpiring(t *testing.T) {
	ca := newCA(t, time.Hour)
	d := New(ca, WithRenewBefore(2*time.Hour), WithScanEvery(3*time.Millisecond))
	d.Start()
	t.Cleanup(d.Stop)
	if err := d.Track("short.internal"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for {
		evs, err := d.Events()
		if err != nil {
			t.Fatal(err)
		}
		installs := 0
		for _, e := range evs {
			if e.Kind == "installed" {
				installs++
			}
		}
		if installs >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d installs", installs)
		}
		time.Sleep(2 * time.Millisecond)
	}
	soon, err := d.ExpiringSoon(2 * time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if len(soon) != 1 || soon[0] != "short.internal" {
		t.Fatalf("expiring = %v", soon)
	}
}

func TestPauseSkipsScan(t *testing.T) {
	ca := newCA(t, time.Hour)
	d := newDaemon(t, ca, WithRenewBefore(2*time.Hour))
	if err := d.Track("p.internal"); err != nil {
		t.Fatal(err)
	}
	waitState(t, d, "p.internal", "valid")
	_ = d.Pause("p.internal")
	if err := d.ScanNow(); err != nil {
		t.Fatal(err)
	}
	if st, _ := d.Status("p.internal"); st.State != "paused" {
		t.Fatalf("state = %s", st.State)
	}
	_ = d.Resume("p.internal")
	_ = d.ScanNow()
	waitState(t, d, "p.internal", "valid")
	evs, _ := d.Events()
	var kinds []string
	for _, e := range evs {
		kinds = append(kinds, e.Kind)
	}
	if got := strings.Join(kinds, ","); got != "tracked,renew,installed,paused,resumed,renew,installed" {
		t.Fatalf("events = %s", got)
	}
}

func TestInstallHookRunsWithCopy(t *testing.T) {
	ca := newCA(t, 24*time.Hour)
	got := make(chan Issued, 1)
	d := newDaemon(t, ca, WithInstallHook(func(domain string, iss Issued) {
		got <- iss
	}))
	if err := d.Track("hook.internal"); err != nil {
		t.Fatal(err)
	}
	iss := <-got
	st := waitState(t, d, "hook.internal", "valid")
	if iss.Serial != st.Serial {
		t.Fatalf("hook serial %s, status serial %s", iss.Serial, st.Serial)
	}
}

type failingIssuer struct{ err error }

func (f failingIssuer) Issue(_ context.Context, _ Request, done func(Issued, error)) {
	go done(Issued{}, f.err)
}

func TestGivesUpAfterMaxAttempts(t *testing.T) {
	d := newDaemon(t, failingIssuer{errors.New("acme: unauthorized")}, WithMaxAttempts(1))
	if err := d.Track("nope.internal"); err != nil {
		t.Fatal(err)
	}
	st := waitState(t, d, "nope.internal", "failed")
	if st.LastErr != "acme: unauthorized" || st.Attempts != 1 {
		t.Fatalf("status = %+v", st)
	}
}

func TestWriteInventoryOfDetachedCerts(t *testing.T) {
	now := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	certs := []*Cert{
		{Domain: "a.internal", State: StateValid, Current: Issued{Serial: "1f", NotAfter: now.Add(48 * time.Hour)}},
		{Domain: "b.internal", State: StatePending},
	}
	var buf bytes.Buffer
	if err := WriteInventory(&buf, certs, now); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, "2025-03-03 (48h0m0s)") || !strings.Contains(out, "b.internal  pending") {
		t.Fatalf("inventory:\n%s", out)
	}
}
