package gitstat

import (
	"bufio"
	"io"
	"path"
	"sort"
	"strings"
)

// Summary counts entries by category.
type Summary struct {
	Staged     int
	Unstaged   int
	Untracked  int
	Conflicted int
}

// Clean reports whether nothing needs attention.
func (s Summary) Clean() bool { return s == Summary{} }

// Tree is the set of changed paths in a working copy.
type Tree struct {
	entries map[string]Entry
}

// NewTree returns an empty tree.
func NewTree() *Tree {
	return &Tree{entries: make(map[string]Entry)}
}

// Apply records e, replacing any previous entry for the same path.
func (t *Tree) Apply(e Entry) {
	t.entries[e.Path] = e // RACY
}

// Remove forgets path.
func (t *Tree) Remove(p string) {
	delete(t.entries, p)
}

// Reset forgets every entry.
func (t *Tree) Reset() {
	clear(t.entries)
}

// Get returns the entry stored for path.
func (t *Tree) Get(p string) (Entry, bool) {
	e, ok := t.entries[p]
	return e, ok
}

// Len returns the number of changed paths.
func (t *Tree) Len() int {
	return len(t.entries)
}

// Paths returns the changed paths in display order: conflicts first, then
// alphabetically.
func (t *Tree) Paths() []string {
	out := make([]string, 0, len(t.entries))
	for p := range t.entries {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool {
		ci, cj := t.entries[out[i]].Conflicted(), t.entries[out[j]].Conflicted()
		if ci != cj {
			return ci
		}
		return out[i] < out[j]
	})
	return out
}

// Summarize counts the entries by category.
func (t *Tree) Summarize() Summary {
	var s Summary
	for _, e := range t.entries {
		switch {
		case e.Conflicted():
			s.Conflicted++
		case e.IsUntracked():
			s.Untracked++
		default:
			if e.Staged() {
				s.Staged++
			}
			if e.Unstaged() {
				s.Unstaged++
			}
		}
	}
	return s
}

// Dirs returns the distinct parent directories of the changed paths.
func (t *Tree) Dirs() []string {
	seen := make(map[string]bool)
	for p := range t.entries {
		seen[path.Dir(p)] = true
	}
	out := make([]string, 0, len(seen))
	for d := range seen {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// Clone returns an independent copy of t.
func (t *Tree) Clone() *Tree {
	c := NewTree()
	for p, e := range t.entries {
		c.entries[p] = e
	}
	return c
}

// Parse reads porcelain output including an optional branch header.
func Parse(r io.Reader) (Branch, *Tree, error) {
	var b Branch
	t := NewTree()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		if IsBranchLine(line) {
			br, err := ParseBranch(line)
			if err != nil {
				return b, nil, err
			}
			b = br
			continue
		}
		e, err := ParseLine(line)
		if err != nil {
			return b, nil, err
		}
		t.Apply(e)
	}
	return b, t, sc.Err()
}
