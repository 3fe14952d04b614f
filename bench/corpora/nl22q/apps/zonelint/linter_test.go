package zonelint

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// staticResolver answers from a fixed table and optionally waits first.
type staticResolver struct {
	answers map[string][]string
	delay   time.Duration
}

func (r staticResolver) LookupNS(ctx context.Context, name string) ([]string, error) {
	if r.delay > 0 {
		select {
		case <-time.After(r.delay):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	ns, ok := r.answers[name]
	if !ok {
		return nil, errors.New("NXDOMAIN " + name)
	}
	return ns, nil
}

// lowTTLZone returns a zone where every record trips the TTL rule.
func lowTTLZone(t testing.TB, hosts int) *Zone {
	var b strings.Builder
	b.WriteString("$ORIGIN bulk.test.\n$TTL 60\n@ 3600 IN SOA ns1 hostmaster 2024010101 2h 30m 2w 1h\n@ 3600 IN NS ns1\nns1 3600 IN A 192.0.2.1\n")
	for i := range hosts {
		b.WriteString("h" + strconv.Itoa(i) + " IN A 192.0.2." + strconv.Itoa(10+i) + "\n")
	}
	return mustParse(t, b.String(), "bulk.test.")
}

func delegatingZone(t testing.TB, children int) (*Zone, staticResolver) {
	var b strings.Builder
	b.WriteString("$ORIGIN parent.test.\n@ 3600 IN SOA ns1 hostmaster 2024010101 2h 30m 2w 1h\n@ IN NS ns1\nns1 IN A 192.0.2.1\n")
	res := staticResolver{answers: map[string][]string{}}
	for i := range children {
		child := "c" + strconv.Itoa(i)
		b.WriteString(child + " IN NS ns." + child + ".example.net.\n")
		res.answers[child+".parent.test."] = []string{"ns." + child + ".example.net."}
	}
	return mustParse(t, b.String(), "parent.test."), res
}

func TestLintReportsKnownProblems(t *testing.T) {
	z := mustParse(t, exampleZone, "example.com.")
	rep := New(WithWorkers(3)).Lint(z)
	rules := rep.ByRule()
	for _, want := range []string{"ttl-range", "cname-exclusive", "address-syntax", "target-resolvable"} {
		if len(rules[want]) == 0 {
			t.Errorf("no %s finding in %v", want, rep.Findings)
		}
	}
	if rep.Worst() != Error {
		t.Errorf("worst = %v", rep.Worst())
	}
	var sb strings.Builder
	if _, err := rep.WriteTo(&sb); err != nil || !strings.Contains(sb.String(), "example.com.: ") {
		t.Errorf("WriteTo = %q, %v", sb.String(), err)
	}
}

func TestLintProgressUsesAtomicCounter(t *testing.T) {
	z := lowTTLZone(t, 40)
	var mu sync.Mutex
	var seen []Progress
	slow := NewRule("slow", func(*Zone, Record) []Finding {
		time.Sleep(time.Millisecond)
		return nil
	})
	l := New(WithWorkers(2), WithRules(TTLRule(300, 86400), slow), WithProgress(2*time.Millisecond, func(p Progress) {
		mu.Lock()
		seen = append(seen, p)
		mu.Unlock()
	}))
	rep := l.Lint(z)
	if got := len(rep.Filter(Warning)); got != len(z.Records)-3 {
		t.Fatalf("warnings = %d, want %d", got, len(z.Records)-3)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range seen {
		if p.Total != len(z.Records) || p.Done > p.Total {
			t.Fatalf("bad progress %+v", p)
		}
	}
}

func TestStreamDeliversEveryRecord(t *testing.T) {
	z := lowTTLZone(t, 12)
	n := 0
	for fs := range New(WithWorkers(3)).Stream(context.Background(), z) {
		n += len(fs)
	}
	if n != len(z.Records)-3 {
		t.Fatalf("findings = %d", n)
	}
}

func TestStartParentCheckWaitsForAnswer(t *testing.T) {
	z := mustParse(t, exampleZone, "example.com.")
	res := staticResolver{delay: 5 * time.Millisecond, answers: map[string][]string{
		"parent:example.com.": {"ns1.example.com.", "ns3.example.net."},
	}}
	pc := New(WithResolver(res)).StartParentCheck(context.Background(), z)
	fs := pc.Findings()
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "ns3.example.net.") {
		t.Fatalf("findings = %v", fs)
	}
}

func TestDelegationResultsPerChild(t *testing.T) {
	z, res := delegatingZone(t, 5)
	res.answers["c3.parent.test."] = []string{"ns.other.example.net."}
	results := New(WithWorkers(1), WithResolver(res)).CheckDelegations(context.Background(), z)
	for i, r := range results {
		if r.Child != "c"+strconv.Itoa(i)+".parent.test." {
			t.Fatalf("result %d for %s", i, r.Child)
		}
		if r.Consistent() == (i == 3) {
			t.Errorf("%s consistent = %v", r.Child, r.Consistent())
		}
	}
}

func TestWalkWithoutProgress(t *testing.T) {
	z := lowTTLZone(t, 5)
	var lines []int
	New().Walk(z, func(rec Record, fs []Finding) {
		if len(fs) > 0 {
			lines = append(lines, rec.Line)
		}
	})
	if len(lines) != len(z.Records)-3 {
		t.Fatalf("records with findings = %v", lines)
	}
}
