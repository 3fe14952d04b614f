package bounce

import (
	"bytes"
	"strings"
	"testing"
)

func TestImport(t *testing.T) {
	l := NewSuppressionList("pepper")
	l.Import([]string{"B@example.org", "a@example.org", "b+promo@example.org", "c@example.org"}, Hard, 2)
	if l.Len() != 3 {
		t.Fatalf("len = %d, want 3", l.Len())
	}
	if !l.Contains("<A@Example.org>") || l.Contains("z@example.org") {
		t.Error("Contains gave wrong answers")
	}
	e := l.Entries()
	if e[0].Address != "a@example.org" || len(e[0].Hash) != 64 || e[0].Hash == e[1].Hash {
		t.Errorf("entries = %+v", e)
	}
}

func TestWriteCSV(t *testing.T) {
	l := NewSuppressionList("")
	l.Import([]string{"x@example.org"}, Block, 1)
	var buf bytes.Buffer
	if err := l.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[1], ",block") {
		t.Errorf("csv = %q", buf.String())
	}
}

func TestAddVerdicts(t *testing.T) {
	var vs []Verdict
	for _, addr := range []string{"a@example.org", "b@example.org", "c@example.org", "d@example.org", "e@example.org", "f@example.org"} {
		vs = append(vs, Verdict{Recipient: addr, Domain: Domain(addr), Category: Hard, Rule: "no-such-user"})
	}
	l := NewSuppressionList("pepper")
	l.AddVerdicts(vs, 2)
	if l.Len() == 0 || l.Len() > len(vs) {
		t.Errorf("len = %d", l.Len())
	}
}
