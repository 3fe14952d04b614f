package gitstat

import (
	"errors"
	"strings"
	"testing"
)

func TestParseLine(t *testing.T) {
	cases := []struct {
		in   string
		want Entry
	}{
		{" M main.go", Entry{Path: "main.go", Index: Unmodified, Work: Modified}},
		{"A  docs/new.md", Entry{Path: "docs/new.md", Index: Added, Work: Unmodified}},
		{"R  old.go -> new.go", Entry{Path: "new.go", Orig: "old.go", Index: Renamed, Work: Unmodified}},
		{"?? \"with space.txt\"", Entry{Path: "with space.txt", Index: Untracked, Work: Untracked}},
	}
	for _, c := range cases {
		got, err := ParseLine(c.in)
		if err != nil {
			t.Fatalf("ParseLine(%q): %v", c.in, err)
		}
		if got != c.want {
			t.Errorf("ParseLine(%q) = %+v, want %+v", c.in, got, c.want)
		}
	}
	if _, err := ParseLine("XY"); !errors.Is(err, ErrMalformed) {
		t.Errorf("short line: err = %v", err)
	}
}

func TestParseBranch(t *testing.T) {
	b, err := ParseBranch("## main...origin/main [ahead 2, behind 1]")
	if err != nil {
		t.Fatal(err)
	}
	if b.Head != "main" || b.Upstream != "origin/main" || b.Ahead != 2 || b.Behind != 1 {
		t.Fatalf("unexpected branch %+v", b)
	}
	if !b.Diverged() {
		t.Error("expected diverged")
	}
	if got := b.Describe(); got != "main → origin/main ↑2 ↓1" {
		t.Errorf("Describe = %q", got)
	}
}

func TestParseAndSummarize(t *testing.T) {
	out := strings.Join([]string{
		"## feature",
		" M a.go",
		"MM b.go",
		"UU c.go",
		"?? d.txt",
	}, "\n")
	b, tree, err := Parse(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if b.Head != "feature" {
		t.Errorf("head = %q", b.Head)
	}
	s := tree.Summarize()
	want := Summary{Staged: 1, Unstaged: 2, Untracked: 1, Conflicted: 1}
	if s != want {
		t.Errorf("summary = %+v, want %+v", s, want)
	}
	if p := tree.Paths(); p[0] != "c.go" {
		t.Errorf("conflicts should sort first: %v", p)
	}
	c := tree.Clone()
	c.Remove("a.go")
	if tree.Len() != 4 || c.Len() != 3 {
		t.Errorf("clone not independent: %d %d", tree.Len(), c.Len())
	}
}
