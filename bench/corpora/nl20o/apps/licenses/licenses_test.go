package licenses

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestParseModules(t *testing.T) {
	deps := mustParseModules(t)
	if len(deps) != 6 {
		t.Fatalf("got %d deps: %v", len(deps), deps)
	}
	if deps[0] != (Dependency{Path: "github.com/acme/log", Version: "v1.4.0"}) {
		t.Errorf("first = %+v", deps[0])
	}
	if !deps[2].Indirect || deps[3].Indirect {
		t.Errorf("indirect flags wrong: %+v", deps)
	}
	for _, bad := range []string{"require (\n  a\n)", "require (\n a v1\n", "require a 1.0"} {
		if _, err := ParseModules(strings.NewReader(bad)); err == nil {
			t.Errorf("ParseModules(%q) succeeded", bad)
		}
	}
}

func TestParseExpression(t *testing.T) {
	tests := []struct {
		in   string
		want [][]string
	}{
		{"MIT", [][]string{{"MIT"}}},
		{"mit OR Apache 2.0", [][]string{{"MIT"}, {"Apache-2.0"}}},
		{"MIT OR (Apache-2.0 AND BSD-3-Clause)", [][]string{{"MIT"}, {"Apache-2.0", "BSD-3-Clause"}}},
	}
	for _, tc := range tests {
		got, err := ParseExpression(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("%q = %v, want %v", tc.in, got, tc.want)
		}
	}
	for _, bad := range []string{"", "MIT AND ", "((MIT))"} {
		if _, err := ParseExpression(bad); err == nil {
			t.Errorf("ParseExpression(%q) succeeded", bad)
		}
	}
}

func TestDetect(t *testing.T) {
	for text, want := range map[string]string{
		mitText:    "MIT",
		apacheText: "Apache-2.0",
		bsdText:    "BSD-3-Clause",
		gplText:    "GPL-3.0-only",
		"hello":    "",
	} {
		if got, _ := Detect(text); got != want {
			t.Errorf("Detect(%.20q) = %q, want %q", text, got, want)
		}
	}
	if !IsLicenseFile("LICENSE.md") || !IsLicenseFile("COPYING") || !IsLicenseFile("LICENSE-APACHE") || IsLicenseFile("main.go") {
		t.Error("IsLicenseFile misclassifies")
	}
}

func TestPolicyEvaluate(t *testing.T) {
	pol := mustParsePolicy(t)
	tests := []struct {
		dep  string
		expr string
		want Verdict
	}{
		{"a", "MIT", Allowed},
		{"a", "GPL-3.0-only", Denied},
		{"a", "Apache-2.0 OR GPL-3.0-only", Allowed},
		{"a", "MIT AND GPL-3.0-only", Denied},
		{"a", "MPL-2.0", Review},
		{"a", "", Review},
		{"github.com/vendor/sdk", "LicenseRef-Proprietary", Allowed},
	}
	for _, tc := range tests {
		got, reason := pol.Evaluate(Dependency{Path: tc.dep}, tc.expr)
		if got != tc.want {
			t.Errorf("Evaluate(%s, %q) = %v (%s), want %v", tc.dep, tc.expr, got, reason, tc.want)
		}
	}
	if _, err := ParsePolicy(strings.NewReader("allow MIT")); err == nil {
		t.Error("policy without name accepted")
	}
	if _, err := ParsePolicy(strings.NewReader("name x\nforbid MIT")); err == nil {
		t.Error("unknown directive accepted")
	}
}

func TestAuditReportsVerdicts(t *testing.T) {
	deps := mustParseModules(t)
	reg := slowRegistry{next: registryData, delay: 5 * time.Millisecond}
	a := NewAuditor(reg, StaticPolicy(mustParsePolicy(t)), WithConcurrency(4))
	rep, err := a.Audit(context.Background(), deps)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Verdict{
		"github.com/acme/log":     Allowed,
		"github.com/acme/http":    Allowed,
		"github.com/gnu/readline": Denied,
		"golang.org/x/text":       Allowed,
		"github.com/mystery/blob": Review,
		"github.com/vendor/sdk":   Allowed,
	}
	for i, e := range rep.Entries {
		if e.Path != deps[i].Path {
			t.Fatalf("entry %d is %s, want %s", i, e.Path, deps[i].Path)
		}
		if e.Verdict != want[e.Path] {
			t.Errorf("%s: %v (%s), want %v", e.Path, e.Verdict, e.Reason, want[e.Path])
		}
	}
	if rep.Passed() || rep.Policy != "default-2024" {
		t.Errorf("report passed=%v policy=%q", rep.Passed(), rep.Policy)
	}
	if v := rep.Violations(); len(v) != 2 || v[0].Path != "github.com/gnu/readline" {
		t.Errorf("violations = %v", v)
	}
	st := a.Stats()
	if st.ByLicense["GPLv3"] != 1 || !slices.Equal(st.Unknown, []string{"github.com/mystery/blob@v0.0.1"}) {
		t.Errorf("stats = %+v", st)
	}
}

func TestPreloadFetchesPolicy(t *testing.T) {
	pol := mustParsePolicy(t)
	src := PolicyFunc(func(ctx context.Context) (Policy, error) {
		time.Sleep(2 * time.Millisecond)
		return pol, nil
	})
	a := NewAuditor(registryData, src)
	a.Preload(context.Background())
	deadline := time.Now().Add(2 * time.Second)
	for a.PolicyName() == "" {
		if time.Now().After(deadline) {
			t.Fatal("policy never loaded")
		}
		time.Sleep(time.Millisecond)
	}
	if got := a.PolicyName(); got != "default-2024" {
		t.Fatalf("PolicyName = %q", got)
	}
}

func TestPreloadThenAudit(t *testing.T) {
	calls := 0
	src := PolicyFunc(func(ctx context.Context) (Policy, error) {
		calls++
		return mustParsePolicy(t), nil
	})
	a := NewAuditor(registryData, src, WithConcurrency(1))
	a.Preload(context.Background())
	pol, err := a.Policy(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if pol.Name != "default-2024" || a.PolicyName() != "default-2024" {
		t.Fatalf("policy = %q / %q", pol.Name, a.PolicyName())
	}
	rep, err := a.Audit(context.Background(), mustParseModules(t))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Count(Denied) != 1 || calls != 1 {
		t.Fatalf("denied=%d policy fetches=%d", rep.Count(Denied), calls)
	}
}

func TestPolicyErrorIsReported(t *testing.T) {
	down := errors.New("config service down")
	a := NewAuditor(registryData, PolicyFunc(func(context.Context) (Policy, error) { return Policy{}, down }))
	if _, err := a.Audit(context.Background(), nil); !errors.Is(err, down) {
		t.Fatalf("err = %v", err)
	}
}

func TestCheckStreamsEntries(t *testing.T) {
	deps := mustParseModules(t)
	reg := NewCache(&flakyRegistry{next: registryData})
	a := NewAuditor(reg, StaticPolicy(mustParsePolicy(t)), WithConcurrency(3), WithRetry(3, time.Millisecond))
	for round := range 2 {
		ch, err := a.Check(context.Background(), deps)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]Verdict{}
		for e := range ch {
			got[e.Path] = e.Verdict
		}
		if len(got) != len(deps) || got["github.com/gnu/readline"] != Denied || got["github.com/mystery/blob"] != Review {
			t.Fatalf("round %d: %v", round, got)
		}
	}
	hits, misses := reg.Counts()
	if hits != 5 || misses != 2*6+1 {
		t.Errorf("cache hits=%d misses=%d", hits, misses)
	}
	st := a.Stats()
	if st.Lookups != 2*6+6 || st.Audited != 0 || len(st.Unknown) != 2 {
		t.Errorf("stats = %+v", st)
	}
}

func TestCacheConcurrentLookups(t *testing.T) {
	c := NewCache(registryData)
	dep := Dependency{Path: "github.com/acme/log", Version: "v1.4.0"}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 20 {
				if l, err := c.License(context.Background(), dep); err != nil || l != "MIT" {
					t.Errorf("License = %q, %v", l, err)
				}
			}
		})
	}
	wg.Wait()
	hits, misses := c.Counts()
	if hits+misses != 160 || misses < 1 {
		t.Fatalf("hits=%d misses=%d", hits, misses)
	}
}

func TestScanFindsVendoredLicenses(t *testing.T) {
	s := NewScanner(vendorFS(), 2)
	files := s.Scan(vendoredModules)
	want := map[string]string{
		"vendor/github.com/acme/log":     "MIT",
		"vendor/github.com/acme/http":    "Apache-2.0",
		"vendor/golang.org/x/text":       "BSD-3-Clause",
		"vendor/github.com/gnu/readline": "GPL-3.0-only",
	}
	if len(files) == 0 || len(files) > len(want) {
		t.Fatalf("found %d license files", len(files))
	}
	for _, f := range files {
		if want[f.Module] != f.License || f.Confidence != 1 {
			t.Errorf("%s: %s (%.2f), want %s", f.Path, f.License, f.Confidence, want[f.Module])
		}
	}
	for mod, lic := range Detected(files) {
		if want[mod] != lic {
			t.Errorf("Detected[%s] = %s", mod, lic)
		}
	}
}

func TestDetectedDropsConflicts(t *testing.T) {
	got := Detected([]LicenseFile{
		{Module: "a", License: "MIT"},
		{Module: "a", License: "Apache-2.0"},
		{Module: "b", License: "ISC"},
		{Module: "c"},
	})
	if len(got) != 1 || got["b"] != "ISC" {
		t.Fatalf("Detected = %v", got)
	}
}

func TestReportText(t *testing.T) {
	rep := &Report{Policy: "p", Entries: []Entry{
		{Dependency: Dependency{Path: "x", Version: "v1"}, License: "MIT", Verdict: Allowed, Reason: "allowed: MIT"},
		{Dependency: Dependency{Path: "y", Version: "v2"}, Verdict: Review, Reason: "license unknown"},
	}}
	var buf bytes.Buffer
	if err := rep.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || lines[0] != "policy p: 1 allowed, 1 review, 0 denied" {
		t.Fatalf("output:\n%s", out)
	}
	if got := strings.Fields(lines[3]); !slices.Equal(got[:4], []string{"y", "v2", "?", "review"}) {
		t.Errorf("last row = %q", lines[3])
	}
}
