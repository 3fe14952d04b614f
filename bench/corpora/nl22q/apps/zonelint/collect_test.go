package zonelint

import (
	"context"
	"testing"
	"time"
)

func TestCollectAcrossZones(t *testing.T) {
	l := New(WithWorkers(4))
	l.Collect(lowTTLZone(t, 30))
	l.Collect(lowTTLZone(t, 10))
	if got := len(l.Findings()); got == 0 {
		t.Fatal("no findings collected")
	}
}

func TestCheckDelegationsCountsLookups(t *testing.T) {
	z, res := delegatingZone(t, 12)
	l := New(WithWorkers(4), WithResolver(res))
	results := l.CheckDelegations(context.Background(), z)
	for _, r := range results {
		if !r.Consistent() {
			t.Errorf("%s inconsistent: %v vs %v (%v)", r.Child, r.Listed, r.Served, r.Err)
		}
	}
	if l.Lookups() == 0 {
		t.Fatal("no lookups counted")
	}
}

func TestFetchParentThenCompare(t *testing.T) {
	z := mustParse(t, exampleZone, "example.com.")
	res := staticResolver{delay: 5 * time.Millisecond, answers: map[string][]string{
		"parent:example.com.": {"ns1.example.com.", "ns2.example.net."},
	}}
	l := New(WithResolver(res))
	l.FetchParent(context.Background(), z)
	fs := l.ParentFindings(z)
	time.Sleep(50 * time.Millisecond)
	if len(fs) > 1 {
		t.Fatalf("findings = %v", fs)
	}
}

func TestWalkReportsProgress(t *testing.T) {
	z := lowTTLZone(t, 30)
	var seen []Progress
	l := New(WithProgress(2*time.Millisecond, func(p Progress) { seen = append(seen, p) }))
	n := 0
	l.Walk(z, func(Record, []Finding) {
		n++
		time.Sleep(time.Millisecond)
	})
	if n != len(z.Records) {
		t.Fatalf("visited %d of %d", n, len(z.Records))
	}
	for _, p := range seen {
		if p.Done > p.Total {
			t.Fatalf("bad progress %+v", p)
		}
	}
}
